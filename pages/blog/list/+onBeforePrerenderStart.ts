// https://vike.dev/onBeforePrerenderStart
import { getSiteContent } from '../../_server/getSiteContent.server.ts'
import { listPagesOf } from '../../_lib/urls.ts'

/** The list pages to render: the blog's, each tag's and each author's (in a prerender thread, those of its share that changed). */
export default async function onBeforePrerenderStart(): Promise<string[]> {
  const { posts, config, prerender } = getSiteContent()
  await prerender?.ready()
  const urls = listPagesOf(posts, config.blog)
  return prerender ? urls.filter((url) => prerender.renders(url)) : urls
}
