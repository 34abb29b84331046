// https://vike.dev/onBeforePrerenderStart
import { getSiteContent } from '../../_server/getSiteContent.server.ts'
import { postUrl } from '../../_lib/urls.ts'

export default function onBeforePrerenderStart(): string[] {
  return getSiteContent().posts.map((post) => postUrl(post.slug))
}
