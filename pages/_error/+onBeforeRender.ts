// https://vike.dev/onBeforeRender
// vike forks the error page's context from before routing, so what +onBeforeRoute gave it (the locale) is
// gone after a data hook's `render(404)`: given again here, so /de/blog/no-such-post/ is German in dev too.
import type { PageContextServer } from 'vike/types'
import { siteLocales } from 'virtual:kube-site/config'
import { localeRoute } from '../_lib/locales/locales.ts'

export default function onBeforeRender(pageContext: PageContextServer) {
  if (pageContext.locale) return undefined
  return { pageContext: localeRoute(siteLocales, pageContext.urlPathname, pageContext.urlParsed.searchOriginal ?? '') }
}
