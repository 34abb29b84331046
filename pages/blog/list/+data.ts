// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { PostSummary } from '../../../cli/content/types.ts'
import { getSiteContent } from '../../_server/getSiteContent.server.ts'
import { isPageInRange } from '../../_lib/pageNumbers.ts'
import { blogPageCount } from '../../_lib/urls.ts'
import { postStatus, type PostStatus } from '../postStatus.ts'

/** A post on a list page: no body, and its status when drafts are shown. */
export type ListedPost = PostSummary & { status?: PostStatus }

export interface BlogListData {
  posts: ListedPost[]
  page: number
  totalPages: number
}

export default function data(pageContext: PageContextServer): BlogListData {
  const { posts, config, buildDate } = getSiteContent()
  const page = Number(pageContext.routeParams.page)
  const totalPages = blogPageCount(posts.length, config.blog.pageSize)
  // A page number outside 1..total is ignored (SPEC §5): its URL is the not-found page.
  if (!isPageInRange(page, totalPages)) throw render(404)
  const start = (page - 1) * config.blog.pageSize
  return {
    posts: posts.slice(start, start + config.blog.pageSize).map(({ html: _html, ...summary }) => ({ ...summary, status: postStatus(summary, buildDate) })),
    page,
    totalPages,
  }
}
