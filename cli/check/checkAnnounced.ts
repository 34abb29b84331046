import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { LLMS_TXT_URL, SITEMAP_URL } from '../../pages/_lib/urls/absoluteUrl.ts'
import { FEED_FILES, FEED_FORMATS, TAGS_URL, blogPageUrl, type FeedFormat } from '../../pages/_lib/urls/urls.ts'
import { resolveKey } from '../preview/resolveKey.ts'
import { mapConcurrent } from '../util/mapConcurrent.ts'
import { finalPage, type RedirectingPage } from './checkRedirect.ts'
import { hreflangFindings, type HreflangSet } from './checkHreflang.ts'
import type { HreflangLink } from './extractLinks.ts'
import { dedupeFindings, finding, type Finding } from './findings.ts'
import { pageUrl } from './pageUrl.ts'
import { readFeed, readLlmsTxt, readSitemap, type AnnouncedUrl, type SitemapUrl } from './readAnnounced.ts'
import type { Page, SiteIndex } from './siteIndex.ts'

// DECISIONS.md (sixth round): each URL of this site the site announces is a file the build wrote, never a redirect (search engines drop those); hreflang sets hold together.

/** What an announced URL is on object storage. */
type Target =
  | { kind: 'elsewhere' }
  | { kind: 'page'; page: Page }
  | { kind: 'file' }
  | { kind: 'redirect' | 'broken'; problem: string }

/** A URL of this site, parsed (another site's is `elsewhere`), and what it leads to. */
interface Located {
  /** Absolute, as the URL parser writes it; undefined when it is not a URL. */
  href?: string
  target: Target
}

const PARALLEL_READS = 16

const HINT = 'kube-site announces only what it writes: build the site again (kube-site build); if a fresh build still announces it, please report it as a bug of kube-site.'

// The feeds: the blog's and each tag's, in the default locale or under another's folder (/de/blog/rss.xml).
const FORMAT_OF_FILE = new Map<string, FeedFormat>(FEED_FORMATS.map((format) => [FEED_FILES[format], format]))
const FEED = new RegExp(`^(?:/[^/]+)?(?:${blogPageUrl(1)}|${TAGS_URL}[^/]+/)([^/]+)$`)
const feedFormat = (key: string): FeedFormat | undefined => FORMAT_OF_FILE.get(FEED.exec(key)?.[1] ?? '')

/** Every finding about what the site `context` indexes announces: its sitemap, llms.txt, feeds and pages' hreflang links. */
export async function checkAnnounced(outDir: string, context: SiteIndex): Promise<Finding[]> {
  const locate = locator(context)
  const files = await fileFindings(outDir, context, locate)
  const heads = await headSets(context, locate)
  const sitemap = await sitemapSets(files.sitemap, pageUrl(SITEMAP_URL, context.base), locate)
  // Each set against the sets of the pages it names, in the same source. Another site's page, or one reported above as missing or a redirect, is not asked for its set.
  const setFindings = async (sets: ReadonlyMap<string, HreflangSet>, setOf: (page: Page, href: string) => HreflangSet | undefined) => {
    const found: Finding[] = []
    for (const set of sets.values()) {
      const named = new Map(await Promise.all(set.links.map(async ({ href }) => [href, await locate(href, '/')] as const)))
      found.push(...hreflangFindings(set, (href) => {
        const { target } = named.get(href)!
        return target.kind === 'page' ? setOf(target.page, href) : 'unknown'
      }))
    }
    return found
  }
  return [...files.findings, ...heads.findings, ...(await setFindings(heads.sets, (page) => heads.sets.get(page.key))), ...(await setFindings(sitemap, (_, href) => sitemap.get(href)))]
}

/** The findings of each URL the sitemap, llms.txt and the feeds announce, each file's once a URL; and the sitemap's `<url>`s. */
async function fileFindings(outDir: string, context: SiteIndex, locate: Locate): Promise<{ findings: Finding[]; sitemap: SitemapUrl[] }> {
  const files = [...context.keys].filter((key) => key === SITEMAP_URL || key === LLMS_TXT_URL || feedFormat(key) !== undefined).sort()
  const read = await mapConcurrent(files, PARALLEL_READS, async (key): Promise<{ urls: AnnouncedUrl[]; sitemap?: SitemapUrl[] }> => {
    const text = await readFile(join(outDir, key), 'utf8')
    if (key === LLMS_TXT_URL) return { urls: readLlmsTxt(text) }
    if (key !== SITEMAP_URL) return { urls: readFeed(text, feedFormat(key)!) }
    const sitemap = readSitemap(text)
    const urls = sitemap.flatMap(({ loc, alternates }) => [{ url: loc, from: '<loc>' }, ...alternates.map(({ hreflang, href }) => ({ url: href, from: `<xhtml:link hreflang="${hreflang}">` }))])
    return { urls, sitemap }
  })
  const findings: Finding[] = []
  for (const [at, key] of files.entries()) {
    const where = pageUrl(key, context.base)
    const found: Finding[] = []
    for (const { url, from } of read[at]!.urls) found.push(...urlFindings(where, url, from, await locate(url, where)))
    findings.push(...dedupeFindings(found))
  }
  return { findings, sitemap: read.find((file) => file.sitemap)?.sitemap ?? [] }
}

/** The findings of each page's hreflang links (read by the crawl, with the page), and each page's set, by its key. */
async function headSets(context: SiteIndex, locate: Locate): Promise<{ findings: Finding[]; sets: Map<string, HreflangSet> }> {
  // In the order the crawl reports pages (crawlSite.ts byUrlOrder): '/' first, each folder's page before its children.
  const pages = [...context.pages.values()].filter((page) => page.redirect === undefined && page.facts.alternates.length > 0).sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))
  const findings: Finding[] = []
  const sets = new Map<string, HreflangSet>()
  for (const page of pages) {
    const found: Finding[] = []
    for (const { hreflang, href } of page.facts.alternates) found.push(...urlFindings(page.url, href, `<link rel=alternate hreflang="${hreflang}">`, await locate(href, page.url)))
    findings.push(...dedupeFindings(found))
    const links = await absoluteLinks(page.facts.alternates, page.url, locate)
    if (links) sets.set(page.key, { at: page.url, self: (await locate(page.url, page.url)).href!, links, source: 'head' })
  }
  return { findings, sets }
}

/** The set of each sitemap `<url>` with alternates, by its `<loc>` (absolute); the first of a `<loc>` written twice. */
async function sitemapSets(urls: readonly SitemapUrl[], at: string, locate: Locate): Promise<Map<string, HreflangSet>> {
  const sets = new Map<string, HreflangSet>()
  for (const { loc, alternates } of urls.filter((url) => url.alternates.length > 0)) {
    const self = (await locate(loc, at)).href
    const links = await absoluteLinks(alternates, at, locate)
    if (self !== undefined && links && !sets.has(self)) sets.set(self, { at, self, links, source: 'sitemap' })
  }
  return sets
}

/** A set's links with absolute hrefs; undefined when none is this site's (its URL unknown): not this check's to judge. */
async function absoluteLinks(links: readonly HreflangLink[], at: string, locate: Locate): Promise<HreflangLink[] | undefined> {
  const located = await Promise.all(links.map(async (link) => ({ link, ...(await locate(link.href, at)) })))
  if (!located.some(({ target }) => target.kind !== 'elsewhere' && target.kind !== 'broken')) return undefined
  return located.map(({ link, href }) => ({ hreflang: link.hreflang, href: href ?? link.href }))
}

/** BROKEN_ANNOUNCED_URL or ANNOUNCED_REDIRECT for a URL announced at `at`, or nothing. */
function urlFindings(at: string, url: string, from: string, { target }: Located): Finding[] {
  if (target.kind === 'broken') return [finding('BROKEN_ANNOUNCED_URL', { page: at, target: url, message: `${from} ${url} ${target.problem}`, hint: HINT })]
  if (target.kind === 'redirect') return [finding('ANNOUNCED_REDIRECT', { page: at, target: url, message: `${from} ${url} ${target.problem}`, hint: HINT })]
  return []
}

type Locate = (url: string, at: string) => Promise<Located>

/** Locates a URL as written in the file or page at `at` (a URL path), each once: a post is named by every feed of its tags. */
function locator(context: SiteIndex): Locate {
  const known = new Map<string, Promise<Located>>()
  return (written, at) => {
    let url: URL
    try {
      url = new URL(written, new URL(at, context.origin))
    } catch {
      return Promise.resolve({ target: { kind: 'broken', problem: 'is not a valid URL' } })
    }
    const href = url.href
    let located = known.get(href)
    if (!located) known.set(href, (located = targetOf(context, url).then((target) => ({ href, target }))))
    return located
  }
}

/** What a URL leads to on object storage. */
async function targetOf(context: SiteIndex, url: URL): Promise<Target> {
  if (!/^https?:$/.test(url.protocol) || url.origin !== context.origin) return { kind: 'elsewhere' }
  const resolved = await resolveKey(url.pathname, context.base, (key) => (context.keys.has(key) ? key : undefined))
  switch (resolved.kind) {
    case 'file': {
      const page = context.pages.get(resolved.key)
      if (!page) return { kind: 'file' }
      if (page.redirect === undefined) return { kind: 'page', page }
      const landing = await finalPage(context, page as RedirectingPage)
      return { kind: 'redirect', problem: `is a redirect page${landing ? `, to ${landing.url}` : ''}: search engines drop what redirects, and index only where it lands` }
    }
    case 'redirect':
      return { kind: 'redirect', problem: `has no trailing slash: object storage answers it with a redirect to ${url.pathname}/` }
    case 'outside-base':
      return { kind: 'broken', problem: `is outside the site's base ${context.base}, so object storage does not have it` }
    default:
      return { kind: 'broken', problem: `is not in ${context.shownOut}/ (object storage answers 404)` }
  }
}
