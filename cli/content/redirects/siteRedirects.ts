import { postUrl } from '../../../pages/_lib/urls/urls.ts'
import { localePostUrl, localizedPath, splitLocalePath, type SiteLocale } from '../../../pages/_lib/locales/locales.ts'
import type { Post } from '../types.ts'

/** One redirect of a built site: an old URL and the page it leads to, both page URLs without the base. */
export interface Redirect {
  from: string
  to: string
  /** The locale whose post it leads to, when not the default: its redirect page is in that language. */
  locale?: SiteLocale
}

/** The redirects a site writes, sorted: published posts' old URLs and the config's to one of `pages` (one to an unpublished post waits). Checked by redirectProblems.ts. */
export function siteRedirects(posts: readonly Post[], configRedirects: Readonly<Record<string, string>>, pages: ReadonlySet<string>): Redirect[] {
  const redirects = posts.flatMap((post) => post.redirectFrom.map((from) => ({ from, to: postUrl(post.slug) })))
  for (const [from, to] of Object.entries(configRedirects)) if (pages.has(to)) redirects.push({ from, to })
  return redirects.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0))
}

/** A multilingual site's redirects: the default's (siteRedirects), then each locale's posts' old URLs under its prefix (/de/blog/alt/), sorted by old URL. */
export function localeRedirects(locales: readonly { locale: SiteLocale; posts: readonly Post[] }[], configRedirects: Readonly<Record<string, string>>, pages: ReadonlySet<string>): Redirect[] {
  const [first, ...others] = locales
  const redirects = siteRedirects(first?.posts ?? [], configRedirects, pages)
  if (others.length === 0) return redirects
  const all = locales.map(({ locale }) => locale)
  const under = (locale: SiteLocale, path: string) => (splitLocalePath(all, path).locale === locale ? path : localizedPath(locale, path))
  for (const { locale, posts } of others) for (const post of posts) for (const from of post.redirectFrom) redirects.push({ from: under(locale, from), to: localePostUrl(locale, post.slug), locale })
  return redirects.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0))
}
