// https://vike.dev/onBeforeRoute (https://vike.dev/i18n), on the server and on each move in place: takes
// the locale's prefix off the URL ('/de/blog/x/' is routed as '/blog/x/') and gives the page its locale.
import type { PageContext } from 'vike/types'
import { siteLocales } from 'virtual:kube-site/config'
import { localeRoute, type SiteLocale } from './_lib/locales/locales.ts'

declare global {
  namespace Vike {
    interface PageContext {
      /** The locale of the page (+onBeforeRoute.ts), the not-found page's too ('/de/404/' routes to no page, in German). None: the default locale. */
      locale?: SiteLocale
    }
  }
}

export default function onBeforeRoute(pageContext: PageContext) {
  return { pageContext: localeRoute(siteLocales, pageContext.urlPathname, pageContext.urlParsed.searchOriginal ?? '') }
}
