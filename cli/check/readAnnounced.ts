import { Marked, type Tokens } from 'marked'
import type { FeedFormat } from '../../pages/_lib/urls/urls.ts'
import type { HreflangLink } from './extractLinks.ts'
import { walkXml } from './walkXml.ts'

// The URLs a built site announces to what reads it without a browser (sitemap, llms.txt, feeds), each file read by a
// parser of its format: what is a URL is never decided on the text.

/** A URL as a file of the site announces it, and where in the file, for messages: '<loc>', '<item><link>'. */
export interface AnnouncedUrl {
  url: string
  from: string
}

/** One `<url>` of a sitemap: its page, and the page's versions in other languages (its hreflang set, none on a site of one language). */
export interface SitemapUrl {
  loc: string
  alternates: HreflangLink[]
}

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'
const XHTML_NS = 'http://www.w3.org/1999/xhtml'
const ATOM_NS = 'http://www.w3.org/2005/Atom'

/** Each `<url>` of a sitemap (sitemaps.org), with its `<xhtml:link rel="alternate" hreflang>`s. */
export function readSitemap(xml: string): SitemapUrl[] {
  const urls: SitemapUrl[] = []
  let current: SitemapUrl | undefined
  walkXml(xml, {
    open(element) {
      if (element.uri === SITEMAP_NS && element.local === 'url') urls.push((current = { loc: '', alternates: [] }))
      else if (element.uri === SITEMAP_NS && element.local === 'loc') return current !== undefined
      else if (element.uri === XHTML_NS && element.local === 'link' && current) {
        const { rel, hreflang, href } = element.attributes
        if (hreflang !== undefined && href !== undefined && rel?.toLowerCase().split(/\s+/).includes('alternate')) current.alternates.push({ hreflang, href: href.trim() })
      }
    },
    close(_loc, text) {
      current!.loc = text.trim()
    },
  })
  return urls.filter((url) => url.loc !== '')
}

/** The links of a feed: the page it follows and itself, and each item's page. Ids are not links, and a post's content is checked on its page. */
export function readFeed(text: string, format: FeedFormat): AnnouncedUrl[] {
  return format === 'json' ? readJsonFeed(text) : readXmlFeed(text, format)
}

/** RSS 2.0 (`<link>` of the channel and of each item, the `<atom:link>` it names itself by) and Atom 1.0 (every `<link href>`). */
function readXmlFeed(xml: string, format: 'rss' | 'atom'): AnnouncedUrl[] {
  const urls: AnnouncedUrl[] = []
  walkXml(xml, {
    open({ uri, local, attributes, parent }) {
      if (local !== 'link') return
      const rel = attributes.rel ? ` rel=${attributes.rel}` : ''
      if (uri === ATOM_NS && attributes.href !== undefined) {
        const from = format === 'rss' ? `<atom:link${rel}>` : `<${parent?.local ?? 'feed'}><link${rel}>`
        urls.push({ url: attributes.href.trim(), from })
      }
      return format === 'rss' && uri === '' && parent?.uri === '' && (parent.local === 'item' || parent.local === 'channel')
    },
    close({ parent }, text) {
      if (text.trim() !== '') urls.push({ url: text.trim(), from: `<${parent!.local}><link>` })
    },
  })
  return urls
}

/** JSON Feed 1.1: `home_page_url`, `feed_url` and each item's `url` (its `external_url` is another site's). */
function readJsonFeed(text: string): AnnouncedUrl[] {
  let feed: unknown
  try {
    feed = JSON.parse(text)
  } catch {
    // Not JSON: it announces nothing a reader could follow (the build writes it with JSON.stringify).
    return []
  }
  if (!isRecord(feed)) return []
  const urls: AnnouncedUrl[] = []
  const add = (url: unknown, from: string) => typeof url === 'string' && url.trim() !== '' && urls.push({ url: url.trim(), from })
  add(feed.home_page_url, 'home_page_url')
  add(feed.feed_url, 'feed_url')
  if (Array.isArray(feed.items)) feed.items.forEach((item: unknown, at) => isRecord(item) && add(item.url, `items[${at}].url`))
  return urls
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

// llms.txt is markdown (llmstxt.org): read as CommonMark, as an agent's markdown reader does.
const markdown = new Marked({ gfm: true, async: false })

/** Every link of an llms.txt, named by its text. */
export function readLlmsTxt(text: string): AnnouncedUrl[] {
  const urls: AnnouncedUrl[] = []
  markdown.walkTokens(markdown.lexer(text), (token) => {
    if (token.type === 'link') urls.push({ url: (token as Tokens.Link).href, from: `link "${(token as Tokens.Link).text}"` })
  })
  return urls
}
