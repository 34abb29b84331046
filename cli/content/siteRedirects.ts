import { postUrl } from '../../pages/_lib/urls.ts'
import type { Post } from './types.ts'

/** One redirect of a built site: an old URL and the page it leads to, both page URLs without the base. */
export interface Redirect {
  from: string
  to: string
}

/**
 * The redirects a site writes, sorted by old URL: each published post's old URLs, and the config's
 * whose target is one of `pages`. A config redirect to a draft or scheduled post waits, as the
 * post's own old URLs do, until the post is published. Checked beforehand (redirectProblems.ts):
 * no old URL is claimed twice or is a page.
 */
export function siteRedirects(posts: readonly Post[], configRedirects: Readonly<Record<string, string>>, pages: ReadonlySet<string>): Redirect[] {
  const redirects = posts.flatMap((post) => post.redirectFrom.map((from) => ({ from, to: postUrl(post.slug) })))
  for (const [from, to] of Object.entries(configRedirects)) if (pages.has(to)) redirects.push({ from, to })
  return redirects.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0))
}
