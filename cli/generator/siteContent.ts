import type { Post, SiteConfig } from '../content/types.ts'
import type { SocialCardImage } from '../../pages/_lib/socialCard.ts'
import type { PagePolicies } from '../security/sitePolicies.ts'
import { siteLocales, type SiteLocale } from '../../pages/_lib/locales/locales.ts'

/** Everything the pages' server hooks read while prerendering (or serving in dev). */
export interface SiteContent {
  /** The config of the locale the pages render (`locale`): its copy over the default locale's. */
  config: SiteConfig
  /** Published posts of that locale, newest first (drafts included only with --drafts). */
  posts: Post[]
  /** The locale whose pages this content renders. Default: the site's default locale. */
  locale?: SiteLocale
  /** Every locale of the site with its config and posts, the default first. Default: the default locale alone, with `config` and `posts`. */
  locales?: readonly LocaleContent[]
  /** The day of the build, YYYY-MM-DD: the default 'Last updated' of the legal pages. */
  buildDate: string
  includeDrafts: boolean
  /** A build not for search engines (`build --noindex`, previews): noindex pages, a robots.txt that disallows all. */
  noindex?: boolean
  /** Set by a build, which puts each post's body into its page as it writes it (insertPostBody.ts): the page data carries none. */
  bodiesInserted?: boolean
  /** Each page's social card, by its key (socialCardKey): named by the build, which draws them. None in dev. */
  cards?: Record<string, SocialCardImage>
  /** Each page's Content-Security-Policy (cli/security/sitePolicies.ts): set by a build, which puts it in every page it writes. */
  policies?: PagePolicies
  /** Set while the CLI renders pages (not in dev). */
  rendering?: PageRendering
}

/** A locale of the site, with its config (its copy over the default's) and its posts. */
export interface LocaleContent {
  locale: SiteLocale
  config: SiteConfig
  posts: Post[]
}

/** Every locale of `content`, the default first. */
export function localesOf(content: Pick<SiteContent, 'config' | 'posts' | 'locale' | 'locales'>): readonly LocaleContent[] {
  if (content.locales) return content.locales
  const [locale] = siteLocales(content.config.site)
  return [{ locale: content.locale ?? locale!, config: content.config, posts: content.posts }]
}

/** `content` with every locale's posts passed through `map` (the default's are `content.posts` too). */
export function mapPosts(content: SiteContent, map: (post: Post) => Post): SiteContent {
  const posts = content.posts.map(map)
  if (!content.locales) return { ...content, posts }
  const locales = content.locales.map((entry) => ({ ...entry, posts: entry.posts === content.posts ? posts : entry.posts.map(map) }))
  return { ...content, posts, locales }
}

/** The locale `content` renders. */
export const localeOf = (content: SiteContent): SiteLocale => content.locale ?? localesOf(content)[0]!.locale

/** `content` as the pages of locale `code` see it: that locale's config and posts. Throws for a code the site has not. */
export function contentIn(content: SiteContent, code: string): SiteContent {
  const entry = localesOf(content).find(({ locale }) => locale.code === code)
  if (!entry) throw new Error(`The site has no locale ${JSON.stringify(code)}`)
  return { ...content, ...entry }
}

/** What the pages' server hooks do differently while the CLI renders them (renderPages.ts). */
export interface PageRendering {
  /** Takes a page's rendered markup until its file is written, giving the marker that stands in for it (pages/+onAfterRenderHtml.ts). */
  holdRoot(html: string): string
}

// The CLI and vike's prerender run in one process: the content is handed over on globalThis rather than bundled, so the page bundle does not change when only a post changes.
const KEY = Symbol.for('kube-site.siteContent')

/** Makes the loaded content available to the pages' server hooks. */
export function setSiteContent(content: SiteContent | undefined): void {
  ;(globalThis as Record<symbol, unknown>)[KEY] = content
}
