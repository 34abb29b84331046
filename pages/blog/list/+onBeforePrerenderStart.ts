// https://vike.dev/onBeforePrerenderStart
import { getSiteContent } from '../../_server/getSiteContent.server.ts'
import { blogPageCount, blogPageUrl } from '../../_lib/urls.ts'

export default function onBeforePrerenderStart(): string[] {
  const { posts, config } = getSiteContent()
  const count = blogPageCount(posts.length, config.blog.pageSize)
  return Array.from({ length: count }, (_, index) => blogPageUrl(index + 1))
}
