// https://vike.dev/onBeforePrerenderStart
import { getSiteContent } from '../../_server/getSiteContent.server.ts'
import { blogPageCount, blogPageUrl } from '../../_lib/urls.ts'

/** The list pages to render (in a prerender thread, those of its share that changed). */
export default async function onBeforePrerenderStart(): Promise<string[]> {
  const { posts, config, prerender } = getSiteContent()
  await prerender?.ready()
  const urls = Array.from({ length: blogPageCount(posts.length, config.blog.pageSize) }, (_, index) => blogPageUrl(index + 1))
  return prerender ? urls.filter((url) => prerender.renders(url)) : urls
}
