import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join, posix } from 'node:path'
import { internalError } from '../../errors.ts'
import type { Redirect } from '../../content/redirects/siteRedirects.ts'
import type { Post, SiteConfig } from '../../content/types.ts'
import { LLMS_TXT_URL, ROBOTS_URL, SITEMAP_URL, absoluteUrl } from '../../../pages/_lib/urls/absoluteUrl.ts'
import { postStatus } from '../../../pages/blog/postStatus.ts'
import { lastChanged } from '../../../pages/_lib/blog/lastChanged.ts'
import { taxonomyOf } from '../../../pages/_lib/blog/taxonomy.ts'
import { AUTHORS_URL, SEARCH_URL, TAGS_URL, authorPageUrl, blogFeedUrl, blogPageCount, blogPageOfIndex, listPageUrl, postUrl, tagFeedUrl, tagPageUrl, type FeedFormat } from '../../../pages/_lib/urls/urls.ts'
import { FEED_SIZE, renderAtomFeed, renderFeed, renderJsonFeed, type FeedInput, type TagFeed } from './renderFeed.ts'
import { renderLlmsTxt } from './llmsTxt.ts'
import { redirectPagePath, renderRedirectPage } from './redirectPage.ts'
import { NOINDEX_ROBOTS, renderRobots, renderSitemap, type SitemapEntry } from './renderSitemap.ts'
import { LEGAL_PAGE_URLS, alternateLinks, pageTranslations } from '../../../pages/_lib/locales/pageTranslations.ts'
import type { SiteLocale } from '../../../pages/_lib/locales/locales.ts'
import { localesOf, type LocaleContent } from '../siteContent.ts'
import { renderHeadersFile } from '../../security/responseHeaders.ts'
import { localizedPath, splitLocalePath } from '../../../pages/_lib/locales/locales.ts'

/** Where the response headers file goes (the config's security.headersFile), for hosts that read one. */
const HEADERS_FILE = '_headers'

export interface SiteFilesInput {
  config: SiteConfig
  /** The posts the build published, newest first. */
  posts: Post[]
  /** URL prefix of the site ('/' or '/sub/'). */
  base: string
  /** The day of the build, YYYY-MM-DD. */
  buildDate: string
  /** The locale of `config` and `posts` (SiteContent's). Default: the default locale. */
  locale?: SiteLocale
  /** Not for search engines (a preview): robots.txt disallows all, whatever public/ holds. */
  noindex?: boolean
  /** Every locale with its config and posts, default first: each has its feeds and llms.txt section, and the sitemap lists alternates. Default: the default locale alone. */
  locales?: readonly LocaleContent[]
  /** A redirect page is written at each old URL (redirectPage.ts); none is in the sitemap. Default: none. */
  redirects?: readonly Redirect[]
  /** The key of all the pages' data is made from: a rebuild editing only bodies keeps the sitemap and llms.txt. Without it they are always made. */
  contentKey?: string
}

/**
 * The sitemap's entries, dated from content, never the build day (a daily lastmod is ignored): posts by lastChanged, lists and
 * indexes by their newest post, legal pages by their date, none for undated pages; each lists its translations (pageTranslations.ts).
 */
export function sitemapEntries(pages: string[], input: SiteFilesInput): SitemapEntry[] {
  const locales = localesOf(input)
  const days = new Map(locales.map((entry) => [entry.locale.code, contentDays(entry)]))
  const url = (path: string) => absoluteUrl(input.config.site.url, input.base, path)
  return pages.map((path) => {
    const { locale, path: inDefault } = splitLocalePath(locales.map((entry) => entry.locale), path)
    const lastmod = days.get(locale.code)!.get(inDefault)
    const alternates = alternateLinks(pageTranslations(input, path), url)
    return { loc: url(path), ...(lastmod && { lastmod }), ...(alternates.length > 0 && { alternates }) }
  })
}

/** The day each page of a locale last changed, by its path in the default locale, for the pages whose content dates them. */
function contentDays({ config, posts }: Pick<LocaleContent, 'config' | 'posts'>): Map<string, string> {
  const days = new Map<string, string>(posts.map((post) => [postUrl(post.slug), lastChanged(post)]))
  // Posts are newest first, and so is each list of them: its first post is its newest.
  const list = (root: string, positions: number[], pageSize: number) => {
    if (positions.length === 0) return
    const newest = posts[positions[0]!]!.date
    for (let page = 1; page <= blogPageCount(positions.length, pageSize); page++) days.set(listPageUrl(root, page), newest)
    positions.forEach((position, index) => {
      const page = listPageUrl(root, blogPageOfIndex(index, pageSize))
      const changed = lastChanged(posts[position]!)
      if (changed > days.get(page)!) days.set(page, changed)
    })
  }
  const { pageSize, tagPageSize } = config.blog
  list('/blog/', posts.map((_, position) => position), pageSize)
  const { tags, authors } = taxonomyOf(posts)
  for (const tag of tags.values()) list(tagPageUrl(tag.slug), tag.posts, tagPageSize)
  for (const author of authors.values()) list(authorPageUrl(author.slug), author.posts, tagPageSize)
  const newest = posts[0]?.date
  if (newest) for (const index of [TAGS_URL, AUTHORS_URL]) days.set(index, newest)
  for (const [document, path] of Object.entries(LEGAL_PAGE_URLS)) {
    const updated = config.legal[document as keyof SiteConfig['legal']].updated
    if (updated) days.set(path, updated)
  }
  return days
}

/** A file of the site besides its pages (siteFiles), made when asked. */
export interface SiteFile {
  make(): string
  /** The posts it is made from, in order, and what else it shows (JSON): with the config, the base and the flags, all it depends on (siteFileRecord.ts). */
  madeFrom?: { posts: readonly string[]; shows?: unknown }
}

/** The site files by URL path, made when asked: feeds, sitemap.xml, robots.txt (a public/ one wins but under noindex), llms.txt, the headers file. */
export function siteFiles(input: SiteFilesInput, pages: string[], ownRobots: boolean): Map<string, SiteFile> {
  const { config, base, posts } = input
  const files = new Map<string, SiteFile>()
  const made = (make: () => string): SiteFile => ({ make })
  // Each feed in its three formats, beside the page it follows.
  const feeds = (feedInput: FeedInput, tag?: TagFeed) => {
    const path = (format: FeedFormat) => (tag ? tagFeedUrl(tag.slug, format) : blogFeedUrl(format))
    const at = (format: FeedFormat) => (feedInput.locale ? localizedPath(feedInput.locale, path(format)) : path(format))
    // All a feed shows comes from its posts, and a tag's also from the tag's name and count (all its posts').
    const madeFrom = { posts: feedInput.posts.map((post) => post.sourceFile), shows: tag ?? null }
    files.set(at('rss'), { make: () => renderFeed(feedInput, tag), madeFrom })
    // An Atom feed of no posts is dated by the day of the build (Atom requires a date): it shows that too.
    const atomFrom = feedInput.posts.length === 0 ? { ...madeFrom, shows: { tag: madeFrom.shows, day: input.buildDate } } : madeFrom
    files.set(at('atom'), { make: () => renderAtomFeed(feedInput, tag, input.buildDate), madeFrom: atomFrom })
    files.set(at('json'), { make: () => renderJsonFeed(feedInput, tag), madeFrom })
  }
  // Each locale's feeds, from its own posts and config, under its prefix (/de/blog/rss.xml).
  for (const { locale, config: localeConfig, posts: localePosts } of input.locales ?? [{ locale: undefined, config, posts }]) {
    const localeInput = { config: localeConfig, posts: localePosts, base, ...(locale && { locale }) }
    feeds(localeInput)
    for (const tag of taxonomyOf(localePosts).tags.values()) {
      feeds({ ...localeInput, posts: tag.posts.slice(0, FEED_SIZE).map((position) => localePosts[position]!) }, { name: tag.name, slug: tag.slug, count: tag.posts.length })
    }
  }
  // The pages are the routes of the posts and the config.
  const fromContent = (make: () => string): SiteFile => ({ make, madeFrom: input.contentKey === undefined ? undefined : { posts: [], shows: input.contentKey } })
  // Every locale's search page is left out (its content is what a visitor asks).
  const searchPages = new Set((input.locales ?? []).map(({ locale }) => localizedPath(locale, SEARCH_URL)).concat(SEARCH_URL))
  files.set(SITEMAP_URL, fromContent(() => renderSitemap(sitemapEntries(pages.filter((page) => !searchPages.has(page)), input))))
  // Never a draft or a scheduled post, even in a build that shows them (a preview).
  const published = (shown: readonly Post[]) => shown.filter((post) => postStatus(post, input.buildDate) === undefined)
  const others = (input.locales ?? []).slice(1).map((other) => ({ ...other, posts: published(other.posts) }))
  files.set(LLMS_TXT_URL, fromContent(() => renderLlmsTxt({ config, base, pages, posts: published(posts), ...(others.length > 0 && { locales: others }) })))
  if (input.noindex) files.set(ROBOTS_URL, made(() => NOINDEX_ROBOTS))
  else if (!ownRobots) files.set(ROBOTS_URL, made(() => renderRobots(absoluteUrl(config.site.url, base, SITEMAP_URL))))
  if (config.security?.headersFile) files.set(`/${HEADERS_FILE}`, made(() => renderHeadersFile(base)))
  return files
}

/** Writes the site files and redirect pages into a prerendered site (`pages`: its URL paths); those `keep` names are not written. */
export async function writeSiteFiles(root: string, input: SiteFilesInput, pages: string[], { keep }: { keep?: (files: ReadonlyMap<string, SiteFile>) => ReadonlySet<string> } = {}): Promise<void> {
  const write = async (urlPath: string, text: string, flag = 'w') => {
    const file = join(root, ...urlPath.split('/'))
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, text, { flag })
  }
  const files = siteFiles(input, pages, existsSync(join(root, ...ROBOTS_URL.split('/'))))
  // A redirect page at each old URL, made from its own text (the plan keeps one the output has).
  const redirects = new Map(
    (input.redirects ?? []).map(({ from, to, locale }): [string, SiteFile] => {
      const { language, direction } = locale ? { language: locale.code, direction: locale.direction } : input.config.site
      const page = renderRedirectPage({ target: to, base: input.base, siteUrl: input.config.site.url, language, direction })
      return [redirectPagePath(from), { make: () => page, madeFrom: { posts: [], shows: page } }]
    }),
  )
  const kept = keep?.(new Map([...files, ...redirects]))
  await Promise.all([...files].filter(([urlPath]) => !kept?.has(urlPath)).map(([urlPath, file]) => write(urlPath, file.make())))
  // After every other file: no old URL may take a site file (redirectProblems.ts), so one found is our bug.
  await Promise.all(
    [...redirects].filter(([urlPath]) => !kept?.has(urlPath)).map(([urlPath, file]) =>
      write(urlPath, file.make(), 'wx').catch((error: Error) => {
        throw internalError(`the redirect page of ${posix.dirname(urlPath)}/ would replace a file of the site (${error.message})`, error)
      }),
    ),
  )
}
