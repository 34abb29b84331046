// The data each page renders from, pure functions of the content: the +data hooks call them via routes.ts, the CLI hashes them.
import { localeOf, type SiteContent } from '../../cli/generator/siteContent.ts'
import type { Post, PostSummary, SiteConfig } from '../../cli/content/types.ts'
import { postStatus, type PostStatus } from '../blog/postStatus.ts'
import { isPageInRange } from './blog/pageNumbers.ts'
import { rebaseHtml } from './urls/rebaseHtml.ts'
import { relatedPostsFinder, type RelatedPost } from './blog/relatedPosts.ts'
import { byName, taxonomyOf } from './blog/taxonomy.ts'
import { blogPageCount, blogPageOfIndex, postUrl } from './urls/urls.ts'
import { localizedPath } from './locales/locales.ts'
import { blogListPosts } from './blog/untranslatedPosts.ts'
import { LEGAL_PAGE_URLS, translationKeys, type TranslationKeys } from './locales/pageTranslations.ts'

/** A post as a page shows it, written into every page that lists or shows it: so without its source file, draft flag (`status` says it) or old URLs. */
export type ShownPost = Omit<PostSummary, 'sourceFile' | 'draft' | 'redirectFrom'>

/** A post on a list page: no body, and its status when drafts are shown. */
export type ListedPost = ShownPost & { status?: PostStatus }

/** Whose posts a list shows: a tag's or an author's (the blog's own list has none). */
export type ListKind = 'tag' | 'author'

/** The tag or author a list page shows the posts of: its URL segment, its name as pages show it (the most used spelling), its number of posts. */
export interface ListScope { kind: ListKind; slug: string; name: string; count: number }

export interface BlogListData {
  posts: ListedPost[]
  page: number
  totalPages: number
  /** Set on a tag's or an author's list. */
  scope?: ListScope
}

/** The index of every tag, or of every author, by name. */
export interface TermIndexData { kind: ListKind; terms: { slug: string; name: string; count: number }[] }

/** The search page: the tags a search can be narrowed to (by slug), by name. */
export interface SearchPageData { tags: TermIndexData['terms'] }

export interface BlogPostData {
  post: ShownPost & { html: string }
  /** The list page this post appears on, where Back to Blog goes by default. */
  listPage: number
  /** What the end of the post offers next (relatedPosts.ts). */
  related: RelatedPost[]
  totalPages: number
  /** Set when drafts are shown and this one is not published yet. */
  status?: PostStatus
  /** The post in each locale that has it, when another does (pageTranslations.ts): the language switcher's, in the browser too. */
  translations?: TranslationKeys
}

export interface LegalData {
  /** The 'Last updated' day: the config's date, else the build date. */
  updated: string
  /** The page in each locale that has it, when another does (pageTranslations.ts). */
  translations?: TranslationKeys
}

/** List page `page` of the blog, or of the tag or author `of` (by URL segment); undefined: no such page (SPEC §5, not found). */
export function blogListData(content: SiteContent, page: number, of?: { kind: ListKind; slug: string }): BlogListData | undefined {
  const { config, buildDate } = content
  // A tag's or an author's list is of the locale's own posts; the blog's may add the default locale's untranslated ones.
  const posts = of ? content.posts : blogListPosts(content)
  const term = of && taxonomyOf(posts)[of.kind === 'tag' ? 'tags' : 'authors'].get(of.slug)
  if (of && !term) return undefined
  const pageSize = term ? config.blog.tagPageSize : config.blog.pageSize
  const count = term ? term.posts.length : posts.length
  const totalPages = blogPageCount(count, pageSize)
  if (!isPageInRange(page, totalPages)) return undefined
  const start = (page - 1) * pageSize
  const shown = term ? term.posts.slice(start, start + pageSize) : Array.from({ length: Math.min(pageSize, count - start) }, (_, at) => start + at)
  const list: BlogListData = { posts: shown.map(listedPosts(posts, buildDate)), page, totalPages }
  if (term) list.scope = { kind: of.kind, slug: term.slug, name: term.name, count }
  return list
}

const listedByDay = new WeakMap<readonly Post[], { buildDate: string; listed: ListedPost[] }>()

/** The posts as list pages show them on `buildDate`, made once per array and frozen: the blog's, tags' and authors' lists and the page plan share them. */
function listedPosts(posts: readonly Post[], buildDate: string): (position: number) => ListedPost {
  let made = listedByDay.get(posts)
  if (made?.buildDate !== buildDate) listedByDay.set(posts, (made = { buildDate, listed: [] }))
  const { listed } = made
  return (position) => (listed[position] ??= Object.freeze(withStatus(shownPost(posts[position]!), postStatus(posts[position]!, buildDate))))
}

/** The index of every tag (`kind` 'tag') or every author, with their numbers of posts. */
export function termIndexData({ posts }: SiteContent, kind: ListKind): TermIndexData {
  const { tags, authors } = taxonomyOf(posts)
  return { kind, terms: byName((kind === 'tag' ? tags : authors).values()).map(({ slug, name, posts }) => ({ slug, name, count: posts.length })) }
}

/** The search page's data: every tag, as its index lists them. */
export function searchPageData(content: SiteContent): SearchPageData {
  return { tags: termIndexData(content, 'tag').terms }
}

/** The post with this slug, its HTML rebased on `base` (empty with `body: false`); undefined when there is none. */
export function blogPostData(content: SiteContent, slug: string, base: string, { body = true } = {}): BlogPostData | undefined {
  const { posts, config, buildDate } = content
  const position = indexOfSlug(posts, slug)
  if (position === undefined) return undefined
  const post = posts[position]!
  // Back to Blog leads to the list page that shows the post, among every post that list shows.
  const listed = blogListPosts(content)
  const data = {
    post: { ...shownPost(post), html: body ? postHtml(post.html, base) : '' },
    listPage: blogPageOfIndex(listed === posts ? position : indexOfSlug(listed, slug)!, config.blog.pageSize),
    totalPages: blogPageCount(listed.length, config.blog.pageSize),
    related: relatedTo(posts, buildDate)(position),
  }
  return withStatus(withTranslations(data, content, postUrl(slug)), postStatus(post, buildDate))
}

const relatedFinders = new WeakMap<readonly Post[], Map<string, (position: number) => RelatedPost[]>>()

/** What the end of each post of `posts` offers on `buildDate`, one finder per array: never a draft or a scheduled post, even where drafts are shown. */
function relatedTo(posts: readonly Post[], buildDate: string): (position: number) => RelatedPost[] {
  let byDay = relatedFinders.get(posts)
  if (!byDay) relatedFinders.set(posts, (byDay = new Map()))
  let find = byDay.get(buildDate)
  if (!find) byDay.set(buildDate, (find = relatedPostsFinder(posts, (other) => postStatus(other, buildDate) === undefined)))
  return find
}

/** What of a post no page shows: its body goes in on its own page only, the rest is the build's. */
const NOT_SHOWN = new Set<string>(['html', 'sourceFile', 'draft', 'redirectFrom'] satisfies (keyof Post)[])

function shownPost(post: Post): ShownPost {
  // Copied key by key (deleting keys would slow every later read): no key without a value, which vike
  // writes as "!undefined", and no image variant the same as the image (coverIn falls back on it).
  const shown: Record<string, unknown> = {}
  for (const key in post) {
    const value = post[key as keyof Post]
    if (value === undefined || NOT_SHOWN.has(key)) continue
    if ((key === 'lightImage' || key === 'darkImage') && value === post.image) continue
    shown[key] = value
  }
  return shown as ShownPost
}

/** `status` only when there is one: vike would write an undefined one out as "!undefined". */
function withStatus<T extends object>(value: T, status: PostStatus | undefined): T & { status?: PostStatus } {
  return status ? { ...value, status } : value
}

/** A post's HTML where it is shown, its site paths (/images/…) under the base: the last step of a body in dev and build (cli/content/posts/postBody.ts). */
export function postHtml(html: string, base: string): string {
  return rebaseHtml(html, { root: base })
}

/** Data of a legal page. */
export function legalData(content: SiteContent, key: keyof SiteConfig['legal']): LegalData {
  return withTranslations({ updated: content.config.legal[key].updated ?? content.buildDate }, content, LEGAL_PAGE_URLS[key])
}

/** `data` of the page at `path` (in the default locale) with its translations, only when it has some. */
function withTranslations<T extends object>(data: T, content: SiteContent, path: string): T & { translations?: TranslationKeys } {
  const translations = translationKeys(content, localizedPath(localeOf(content), path))
  return translations ? { ...data, translations } : data
}

const indexCache = new WeakMap<readonly Post[], Map<string, number>>()

function indexOfSlug(posts: readonly Post[], slug: string): number | undefined {
  let index = indexCache.get(posts)
  if (!index) indexCache.set(posts, (index = new Map(posts.map((post, position) => [post.slug, position]))))
  return index.get(slug)
}
