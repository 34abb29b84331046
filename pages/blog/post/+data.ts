// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { Post } from '../../../cli/content/types.ts'
import { getSiteContent } from '../../_server/getSiteContent.server.ts'
import { rebaseHtml } from '../../_lib/rebaseHtml.ts'
import { blogPageCount, blogPageOfIndex } from '../../_lib/urls.ts'
import { postStatus, type PostStatus } from '../postStatus.ts'

export interface BlogPostData {
  post: Post
  /** The list page this post appears on, where Back to Blog goes by default. */
  listPage: number
  totalPages: number
  /** Set when drafts are shown and this one is not published yet. */
  status?: PostStatus
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
  const { posts, config, buildDate } = getSiteContent()
  const position = indexOfSlug(posts, pageContext.routeParams.slug ?? '')
  if (position === undefined) throw render(404)
  const post = posts[position]!
  return {
    // Posts link to site paths as /images/...; under a base path they must start with it.
    post: { ...post, html: rebaseHtml(post.html, { root: import.meta.env.BASE_URL }) },
    listPage: blogPageOfIndex(position, config.blog.pageSize),
    totalPages: blogPageCount(posts.length, config.blog.pageSize),
    status: postStatus(post, buildDate),
  }
}
