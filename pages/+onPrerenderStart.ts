// https://vike.dev/onPrerenderStart
import { isDefaultLocale, localizedPath, type SiteLocale } from './_lib/locales/locales.ts'
import { localesOf } from '../cli/generator/siteContent.ts'
import { getSiteContent } from './_server/getSiteContent.server.ts'

interface PrerenderContext { pageContexts: { urlOriginal: string; urlLogical?: string; is404?: boolean; locale?: SiteLocale }[]; output: unknown[] }

/**
 * Adds each other locale's not-found page (<prefix>/404.html; https://vike.dev/i18n#pre-rendering), keeps
 * the pages this thread renders, and hands vike's lists to the CLI, which empties them as it renders.
 */
export default async function onPrerenderStart(prerenderContext: PrerenderContext) {
  const content = getSiteContent()
  const { prerender } = content
  await prerender?.ready()
  const { pageContexts, output } = prerenderContext
  const notFound = pageContexts.find((pageContext) => pageContext.is404)
  // Added in place: returning the list makes vike read each page's deprecated `url` getter.
  if (notFound) {
    for (const { locale } of localesOf(content)) {
      // Its logical URL the default's, as +onBeforeRoute gives every page of a locale.
      if (!isDefaultLocale(locale)) pageContexts.push({ ...notFound, urlOriginal: localizedPath(locale, '/404'), urlLogical: '/404', locale })
    }
  }
  if (!prerender) return
  prerender.lists = [pageContexts, output]
  const mine = pageContexts.filter((pageContext) => prerender.renders(pageContext.urlOriginal, pageContext.is404))
  // Filtered in place, for the same reason.
  if (mine.length !== pageContexts.length) pageContexts.splice(0, pageContexts.length, ...mine)
}
