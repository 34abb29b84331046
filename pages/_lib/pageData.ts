// The data each page renders from, as pure functions of the site content. The +data hooks call
// them; so does the CLI, which hashes a page's data to know whether it needs rendering again.
import type { SiteContent } from '../../cli/generator/siteContent.ts'
import type { Post, PostSummary, SiteConfig } from '../../cli/content/types.ts'
import { postStatus, type PostStatus } from '../blog/postStatus.ts'
import { isPageInRange } from './pageNumbers.ts'
import { rebaseHtml } from './rebaseHtml.ts'
import { blogPageCount, blogPageOfIndex } from './urls.ts'

/**
 * A post as a page shows it. Its data is written into every page that lists or shows it (for
 * hydration, and for a move in place, which reads it from the page): it carries neither the source
 * file, the draft flag (`status` says what a reader sees of it) nor the old URLs, nor an image
 * variant that is `image` again.
 */
export type ShownPost = Omit<PostSummary, 'sourceFile' | 'draft' | 'redirectFrom'>

/** A post on a list page: no body, and its status when drafts are shown. */
export type ListedPost = ShownPost & { status?: PostStatus }

export interface BlogListData {
  posts: ListedPost[]
  page: number
  totalPages: number
}

export interface BlogPostData {
  post: ShownPost & { html: string }
  /** The list page this post appears on, where Back to Blog goes by default. */
  listPage: number
  totalPages: number
  /** Set when drafts are shown and this one is not published yet. */
  status?: PostStatus
}

export interface LegalData {
  /** The 'Last updated' day: the config's date, else the build date. */
  updated: string
}

/** List page `page`, or undefined when there is no such page (SPEC §5: it is not found). */
export function blogListData({ posts, config, buildDate }: SiteContent, page: number): BlogListData | undefined {
  const totalPages = blogPageCount(posts.length, config.blog.pageSize)
  if (!isPageInRange(page, totalPages)) return undefined
  const start = (page - 1) * config.blog.pageSize
  return {
    posts: posts.slice(start, start + config.blog.pageSize).map((post) => withStatus(shownPost(post), postStatus(post, buildDate))),
    page,
    totalPages,
  }
}

/**
 * The post with this slug, its HTML rebased on `base` (empty with `body: false`); undefined when
 * there is none.
 */
export function blogPostData({ posts, config, buildDate }: SiteContent, slug: string, base: string, { body = true } = {}): BlogPostData | undefined {
  const position = indexOfSlug(posts, slug)
  if (position === undefined) return undefined
  const post = posts[position]!
  const data = {
    post: { ...shownPost(post), html: body ? postHtml(post.html, base) : '' },
    listPage: blogPageOfIndex(position, config.blog.pageSize),
    totalPages: blogPageCount(posts.length, config.blog.pageSize),
  }
  return withStatus(data, postStatus(post, buildDate))
}

function shownPost({ html: _html, sourceFile: _sourceFile, draft: _draft, redirectFrom: _redirectFrom, ...post }: Post): ShownPost {
  // postImageFor falls back on `image`: a variant the same as it says nothing more.
  if (post.lightImage === post.image) delete post.lightImage
  if (post.darkImage === post.image) delete post.darkImage
  return post
}

/** `status` only when there is one: vike would write an undefined one out as "!undefined". */
function withStatus<T extends object>(value: T, status: PostStatus | undefined): T & { status?: PostStatus } {
  return status ? { ...value, status } : value
}

/** A post's HTML where it is shown: posts link to site paths as /images/...; under a base path they must start with it. */
export function postHtml(html: string, base: string): string {
  return rebaseHtml(html, { root: base })
}

/** Data of a legal page. */
export function legalData({ config, buildDate }: SiteContent, key: keyof SiteConfig['legal']): LegalData {
  return { updated: config.legal[key].updated ?? buildDate }
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
