// The site's URLs (DECISIONS.md route table), with the trailing slash object storage serves without a redirect.

/** Page `page` (1-based) of the list at `root`: the root itself, then <root>page/N/. */
export const listPageUrl = (root: string, page: number): string => (page <= 1 ? root : `${root}page/${page}/`)

/** URL of blog list page `page` (1-based): /blog/ or /blog/page/N/. */
export const blogPageUrl = (page: number): string => listPageUrl('/blog/', page)

/** The index of every tag, and of every author. */
export const TAGS_URL = '/blog/tags/'
export const AUTHORS_URL = '/blog/authors/'

/** The page that searches the blog (?q=…&tag=…): in no sitemap, since its content is what a visitor asks. */
export const SEARCH_URL = '/blog/search/'

/** Page `page` of the posts of the tag or author whose URL segment is `slug`. */
export const tagPageUrl = (slug: string, page = 1): string => listPageUrl(`${TAGS_URL}${slug}/`, page)
export const authorPageUrl = (slug: string, page = 1): string => listPageUrl(`${AUTHORS_URL}${slug}/`, page)

/** Where the list of the blog, or of the tag or author `slug`, starts: /blog/, /blog/tags/<slug>/, /blog/authors/<slug>/. */
export const listRoot = (scope?: { kind: 'tag' | 'author'; slug: string }): string => (!scope ? '/blog/' : scope.kind === 'tag' ? tagPageUrl(scope.slug) : authorPageUrl(scope.slug))

/** Each feed's formats, by the name of its file: RSS 2.0, Atom 1.0 and JSON Feed 1.1. */
export const FEED_FILES = { rss: 'rss.xml', atom: 'atom.xml', json: 'feed.json' } as const
export type FeedFormat = keyof typeof FEED_FILES
export const FEED_FORMATS = Object.keys(FEED_FILES) as FeedFormat[]
/** The media type a page's <link rel="alternate"> gives each format. */
export const FEED_TYPES: Record<FeedFormat, string> = { rss: 'application/rss+xml', atom: 'application/atom+xml', json: 'application/feed+json' }

/** The blog's feed in one format (/blog/rss.xml, /blog/atom.xml, /blog/feed.json). */
export const blogFeedUrl = (format: FeedFormat = 'rss'): string => `/blog/${FEED_FILES[format]}`

/** The feed of one tag's posts, in one format. */
export const tagFeedUrl = (slug: string, format: FeedFormat = 'rss'): string => `${TAGS_URL}${slug}/${FEED_FILES[format]}`

/** The blog's own folders below /blog/ (DECISIONS.md, Routes): no post may take one as its slug, or its permalink would hide a page. */
export const RESERVED_BLOG_FOLDERS: readonly string[] = ['page', 'tags', 'authors', 'search']

/** Permalink of a post. */
export const postUrl = (slug: string): string => `/blog/${slug}/`

/** The slug of the post whose page is at the default-locale path `path` (/blog/<slug>/), if it is one: postUrl's inverse. */
export function postSlugOf(path: string): string | undefined {
  const match = /^\/blog\/([^/]+)\/$/.exec(path)
  return match && !RESERVED_BLOG_FOLDERS.includes(match[1]!) ? match[1] : undefined
}

/** A post's markdown twin, beside its page (cli/generator/siteFiles/markdownTwin.ts): what its relative links resolve against is the page's folder. */
export const MARKDOWN_TWIN = 'index.md'
export const postMarkdownUrl = (slug: string): string => `${postUrl(slug)}${MARKDOWN_TWIN}`

export const HOME_URL = '/'
export const PRICING_URL = '/pricing/'
export const PRIVACY_POLICY_URL = '/privacy-policy/'
export const TERMS_OF_SERVICE_URL = '/terms-of-service/'

/** Number of list pages for `count` posts: at least one, so /blog/ always exists. */
export const blogPageCount = (count: number, pageSize: number): number => Math.max(1, Math.ceil(count / pageSize))

/** The list page that shows the post at `index` (0-based, newest first). */
export const blogPageOfIndex = (index: number, pageSize: number): number => Math.floor(index / pageSize) + 1

/** Whether vike routes the page in the browser (the blog); every other page is HTML-only (pages/+config.ts). */
export const isClientRouted = (url: string): boolean => url.startsWith('/blog/')

/** The key the build knows a page by: its URL with the trailing slash, or a not-found page's file path without '.html' ('404', 'de/404'). */
export const pageKey = (url: string, is404 = false): string => (is404 ? url.replace(/^\/+|\/+$/g, '') : url.endsWith('/') ? url : `${url}/`)

/** Whether a page key is a not-found page's ('404', 'de/404'): the only keys that are not URL paths. */
export const isNotFoundKey = (key: string): boolean => !key.startsWith('/')
