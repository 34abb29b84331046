// https://vike.dev/onPrerenderStart
import { getSiteContent } from './_server/getSiteContent.server.ts'

interface PrerenderContext {
  pageContexts: { urlOriginal: string; is404?: boolean }[]
  output: unknown[]
}

/**
 * Keeps the pages this thread renders (the blog's hooks already listed only theirs; this filters
 * the pages vike finds itself: static routes and 404). Hands vike's lists to the CLI, which
 * empties them once rendering is under way, so a large site is never held in memory whole.
 */
export default async function onPrerenderStart(prerenderContext: PrerenderContext) {
  const { prerender } = getSiteContent()
  if (!prerender) return
  await prerender.ready()
  const { pageContexts, output } = prerenderContext
  prerender.lists = [pageContexts, output]
  const mine = pageContexts.filter((pageContext) => prerender.renders(pageContext.urlOriginal, pageContext.is404))
  // Filtered in place: returning the list makes vike read each page's deprecated `url` getter.
  if (mine.length !== pageContexts.length) pageContexts.splice(0, pageContexts.length, ...mine)
}
