// https://vike.dev/onPrerenderStart
import { getSiteContent } from './_server/getSiteContent.server.ts'
import { pageKey } from './_lib/urls.ts'

interface PrerenderContext {
  pageContexts: { urlOriginal: string; is404?: boolean }[]
  output: unknown[]
}

/**
 * Keeps the pages this worker renders: those that changed since the last build (the CLI reuses
 * the others), and of those every n-th when kube-site prerenders in several threads. Hands
 * vike's output list to the CLI, which empties it as it writes files, so a large site is never
 * held in memory whole.
 */
export default function onPrerenderStart(prerenderContext: PrerenderContext) {
  const { prerender } = getSiteContent()
  if (!prerender) return
  prerender.output = prerenderContext.output
  prerender.onStart?.()
  const { pageContexts } = prerenderContext
  const skip = new Set(prerender.skip)
  const mine = pageContexts
    .filter((pageContext) => !skip.has(pageKey(pageContext.urlOriginal, pageContext.is404)))
    .filter((_, index) => index % prerender.shardCount === prerender.shardIndex)
  // Filtered in place: returning the list makes vike read each page's deprecated `url` getter.
  if (mine.length !== pageContexts.length) pageContexts.splice(0, pageContexts.length, ...mine)
}
