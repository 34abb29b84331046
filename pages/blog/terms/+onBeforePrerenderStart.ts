// https://vike.dev/onBeforePrerenderStart
import { getSiteContent } from '../../_server/getSiteContent.server.ts'
import { AUTHORS_URL, TAGS_URL } from '../../_lib/urls.ts'

/** The two indexes (in a prerender thread, if in its share and changed). */
export default async function onBeforePrerenderStart(): Promise<string[]> {
  const { prerender } = getSiteContent()
  await prerender?.ready()
  const urls = [TAGS_URL, AUTHORS_URL]
  return prerender ? urls.filter((url) => prerender.renders(url)) : urls
}
