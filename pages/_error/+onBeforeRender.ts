// https://vike.dev/onBeforeRender
// The error page vike renders when a page's data hook throws `render(404)` (a post or a list that
// does not exist) starts again from the request: vike forks its page context from the one before
// routing, so what +onBeforeRoute gave the page (its locale, the URL routed) is gone. Given again
// here from the same rule, so /de/blog/no-such-post/ in `kube-site dev` (or any server render) is
// the German not-found page, as de/404.html is in a build. A page context that has its locale
// (a route not found, a locale's 404 prerendered) keeps it.
import type { PageContextServer } from 'vike/types'
import { siteLocales } from 'virtual:kube-site/config'
import { localeRoute } from '../_lib/locales/locales.ts'

export default function onBeforeRender(pageContext: PageContextServer) {
  if (pageContext.locale) return undefined
  return { pageContext: localeRoute(siteLocales, pageContext.urlPathname, pageContext.urlParsed.searchOriginal ?? '') }
}
