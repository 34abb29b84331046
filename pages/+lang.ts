// https://vike.dev/lang: every page's <html lang>, its locale's (+onBeforeRoute.ts; the default's is the config's site.language; vike-react's default is 'en').
import type { PageContext } from 'vike/types'
import { localeOfPage } from './_lib/locales/pageLocale.ts'

export default (pageContext: PageContext): string => localeOfPage(pageContext).code
