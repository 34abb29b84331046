// https://vike.dev/onBeforePrerenderStart
import { getSiteContent } from '../../_server/getSiteContent.server.ts'
import { postUrl } from '../../_lib/urls.ts'

/** The post pages to render (in a prerender thread, those of its share that changed). */
export default async function onBeforePrerenderStart(): Promise<string[]> {
  const { posts, prerender } = getSiteContent()
  await prerender?.ready()
  const urls = posts.map((post) => postUrl(post.slug))
  return prerender ? urls.filter((url) => prerender.renders(url)) : urls
}
