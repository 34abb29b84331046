// The site's URLs (DECISIONS.md route table), in one place for the pages and the generator.
// Paths are written with their trailing slash so object storage serves them without a redirect.

/** URL of blog list page `page` (1-based): /blog/ or /blog/page/N/. */
export const blogPageUrl = (page: number): string => (page <= 1 ? '/blog/' : `/blog/page/${page}/`)

/**
 * The blog's own folders below /blog/ (DECISIONS.md, Routes): no post may take one as its slug,
 * or its permalink would be one of the blog's pages (or hide the pages below it).
 */
export const RESERVED_BLOG_FOLDERS: readonly string[] = ['page', 'tags', 'authors', 'search']

/** Permalink of a post. */
export const postUrl = (slug: string): string => `/blog/${slug}/`

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

/** The key the build knows a page by: its URL with the trailing slash, or '404' for the not-found page. */
export const pageKey = (url: string, is404 = false): string => (is404 ? '404' : url.endsWith('/') ? url : `${url}/`)

/** The URL path of every page of a site with these posts, sorted (the not-found page has none). */
export function pageUrls(slugs: string[], pageSize: number): string[] {
  const listPages = Array.from({ length: blogPageCount(slugs.length, pageSize) }, (_, index) => blogPageUrl(index + 1))
  return [HOME_URL, PRICING_URL, PRIVACY_POLICY_URL, TERMS_OF_SERVICE_URL, ...listPages, ...slugs.map(postUrl)].sort()
}
