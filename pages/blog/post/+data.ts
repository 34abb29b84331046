// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { Post } from '../../../cli/content/types.ts'
import { getSiteContent } from '../../_server/getSiteContent.server.ts'
import { blogPageOfIndex } from '../../_lib/urls.ts'

export interface BlogPostData {
  post: Post
  /** The list page this post appears on, where Back to Blog goes by default. */
  listPage: number
}

const indexCache = new WeakMap<Post[], Map<string, number>>()

function indexOfSlug(posts: Post[], slug: string): number | undefined {
  let index = indexCache.get(posts)
  if (!index) {
    index = new Map(posts.map((post, position) => [post.slug, position]))
    indexCache.set(posts, index)
  }
  return index.get(slug)
}

export default function data(pageContext: PageContextServer): BlogPostData {
  const { posts, config } = getSiteContent()
  const position = indexOfSlug(posts, pageContext.routeParams.slug ?? '')
  if (position === undefined) throw render(404)
  return { post: posts[position]!, listPage: blogPageOfIndex(position, config.blog.pageSize) }
}
