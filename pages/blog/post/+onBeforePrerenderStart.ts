// https://vike.dev/onBeforePrerenderStart
import { getSiteContent } from '../../_server/getSiteContent.server.ts'
import { postUrl } from '../../_lib/urls.ts'

/** The post pages to render (in a prerender thread, those of its share that changed). */
export default function onBeforePrerenderStart(): string[] {
  const { posts, prerender } = getSiteContent()
  prerender?.onConfigLoaded?.()
  const urls = posts.map((post) => postUrl(post.slug))
  return prerender ? urls.filter((url) => prerender.renders(url)) : urls
}
