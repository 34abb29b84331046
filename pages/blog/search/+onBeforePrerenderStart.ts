// https://vike.dev/onBeforePrerenderStart
import { getSiteContent } from '../../_server/getSiteContent.server.ts'
import { SEARCH_URL } from '../../_lib/urls.ts'

/** The search page (in a prerender thread, if in its share and changed). */
export default async function onBeforePrerenderStart(): Promise<string[]> {
  const { prerender } = getSiteContent()
  await prerender?.ready()
  return !prerender || prerender.renders(SEARCH_URL) ? [SEARCH_URL] : []
}
