// https://vike.dev/htmlAttributes: <html lang dir>, the locale's (vike-react writes +lang.ts's `lang` in this one's place).
import type { PageContextServer } from 'vike/types'
import { localeOfPage } from './_lib/locales/pageLocale.ts'

export default (pageContext: PageContextServer) => {
  const { code, direction } = localeOfPage(pageContext)
  return { lang: code, dir: direction }
}
