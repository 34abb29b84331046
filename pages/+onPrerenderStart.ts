// https://vike.dev/onPrerenderStart
import { getSiteContent } from './_server/getSiteContent.server.ts'

interface PrerenderContext {
  pageContexts: { urlOriginal: string }[]
  output: unknown[]
}

/**
 * Keeps the pages of this worker's share: kube-site prerenders in several threads, each taking
 * every n-th page. Hands vike's output list to the CLI, which empties it as it writes files,
 * so a large site is never held in memory whole.
 */
export default function onPrerenderStart(prerenderContext: PrerenderContext) {
  const { prerender } = getSiteContent()
  if (!prerender) return
  prerender.output = prerenderContext.output
  prerender.onStart?.()
  if (prerender.shardCount === 1) return
  // Filtered in place: returning the list makes vike read each page's deprecated `url` getter.
  const { pageContexts } = prerenderContext
  const mine = pageContexts.filter((_, index) => index % prerender.shardCount === prerender.shardIndex)
  pageContexts.splice(0, pageContexts.length, ...mine)
}
