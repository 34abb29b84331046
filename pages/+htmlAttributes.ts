// https://vike.dev/htmlAttributes: every page's <html lang dir>, its locale's. vike-react writes
// `lang` from +lang.ts over this one's, in this one's place: `lang` first, then `dir`.
import type { PageContextServer } from 'vike/types'
import { localeOfPage } from './_lib/locales/pageLocale.ts'

export default (pageContext: PageContextServer) => {
  const { code, direction } = localeOfPage(pageContext)
  return { lang: code, dir: direction }
}
