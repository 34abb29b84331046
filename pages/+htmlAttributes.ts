// https://vike.dev/htmlAttributes: every page's <html lang dir>. vike-react writes `lang` from
// +lang.ts over this one's, in this one's place: `lang` first, then `dir`.
import { site } from 'virtual:kube-site/config'
import { SITE_DIRECTION } from './_lib/siteDirection.ts'

export default { lang: site.language, dir: SITE_DIRECTION }
