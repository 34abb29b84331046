import type { Post, SiteConfig } from '../../content/types.ts'
import { absoluteUrl } from '../../../pages/_lib/urls/absoluteUrl.ts'
import { lastChanged, latestChange } from '../../../pages/_lib/blog/lastChanged.ts'
import { feedBody } from '../../content/posts/postBody.ts'
import { blogText } from '../../../pages/_lib/text/blogText.ts'
import { siteUiStrings } from '../../content/locales/siteStrings.ts'
import { FEED_TYPES, blogFeedUrl, blogPageUrl, postUrl, tagFeedUrl, tagPageUrl, type FeedFormat } from '../../../pages/_lib/urls/urls.ts'
import { localizedPath, type SiteLocale } from '../../../pages/_lib/locales/locales.ts'
import { cdata, escapeXml } from './xml.ts'

// The blog's and tags' feeds in RSS, Atom and JSON Feed from one description (feedOf): an item carries the whole text (URLs absolute) or the excerpt.

/** How many of the newest posts a feed carries. */
export const FEED_SIZE = 20

export interface FeedInput {
  config: SiteConfig
  /** Published posts, newest first. */
  posts: Post[]
  /** URL prefix of the site ('/' or '/sub/'). */
  base: string
  /** The feed's locale (its posts' and `config`'s): its language, and the prefix of every link and its own address. Default: the default locale. */
  locale?: SiteLocale
}

/** A feed of one tag's posts: its own title, page and address. */
export interface TagFeed {
  name: string
  slug: string
  /** How many posts the tag has (the feed carries the newest FEED_SIZE). */
  count: number
}

/** A calendar day as an RFC 822 date (RSS's format), at midnight UTC so it is that day everywhere. */
export const rfc822 = (day: string): string => new Date(`${day}T00:00:00Z`).toUTCString()

/** A calendar day as an RFC 3339 date-time (Atom's and JSON Feed's format), at midnight UTC as rfc822 has it. */
export const rfc3339 = (day: string): string => `${day}T00:00:00Z`

/** A feed, whatever its format. */
interface Feed {
  title: string
  description: string
  language: string
  /** The page it follows. */
  page: string
  /** Its own address, by format. */
  self: (format: FeedFormat) => string
  /** The day its newest post or update happened; none for a feed of no posts. */
  updated?: string
  items: FeedItem[]
}

interface FeedItem {
  url: string
  title: string
  published: string
  /** The day of its last change (lastChanged): its date when it was never updated. */
  modified: string
  updated?: string
  author: string
  tags: string[]
  excerpt: string
  /** The post's whole text as HTML, when the feeds carry it. */
  html?: string
}

// A post's text for a feed, made once per post and site root: a post is in the blog's feeds and its tags', three formats each.
const feedHtml = new WeakMap<Post, Map<string, string>>()

function feedOf({ config, posts, base, locale }: FeedInput, tag?: TagFeed): Feed {
  const url = (path: string) => absoluteUrl(config.site.url, base, locale ? localizedPath(locale, path) : path)
  // The site's root, which a body's site paths are under (feedBody), whatever the feed's locale.
  const root = absoluteUrl(config.site.url, base, '/').replace(/\/$/, '')
  const shown = posts.slice(0, FEED_SIZE)
  const htmlOf = (post: Post, link: string) => {
    const cached = feedHtml.get(post) ?? feedHtml.set(post, new Map()).get(post)!
    return cached.get(root) ?? cached.set(root, feedBody(post.html, { root, page: link })).get(root)!
  }
  const text = blogText(siteUiStrings(config))
  return {
    title: tag ? text.tag.feedTitle(tag.name, config.brand.name) : `${config.brand.name} ${config.blog.title}`,
    description: tag ? text.tag.description(tag.name, tag.count, config.brand.name) : config.blog.description,
    language: locale?.code ?? config.site.language,
    page: url(tag ? tagPageUrl(tag.slug) : blogPageUrl(1)),
    self: (format) => url(tag ? tagFeedUrl(tag.slug, format) : blogFeedUrl(format)),
    // The day of the newest post or update it carries, not the clock: the same content gives the same file.
    updated: latestChange(shown),
    items: shown.map((post) => {
      const link = url(postUrl(post.slug))
      return {
        url: link,
        title: post.title,
        published: post.date,
        modified: lastChanged(post),
        updated: post.updated,
        author: post.author,
        tags: post.tags,
        excerpt: post.excerpt,
        html: config.blog.feedContent === 'excerpt' ? undefined : htmlOf(post, link),
      }
    }),
  }
}

/** RSS 2.0: the blog's feed, or with `tag` that tag's (`posts` are its own). */
export function renderFeed(input: FeedInput, tag?: TagFeed): string {
  const feed = feedOf(input, tag)
  const items = feed.items.map((item) =>
    [
      '    <item>',
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(item.url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(item.url)}</guid>`,
      `      <pubDate>${rfc822(item.published)}</pubDate>`,
      // RSS 2.0 has no element for an update: Atom's, in its namespace, which the feed declares.
      ...(item.updated ? [`      <atom:updated>${rfc3339(item.updated)}</atom:updated>`] : []),
      `      <dc:creator>${escapeXml(item.author)}</dc:creator>`,
      ...item.tags.map((name) => `      <category>${escapeXml(name)}</category>`),
      `      <description>${escapeXml(item.excerpt)}</description>`,
      ...(item.html === undefined ? [] : [`      <content:encoded>${cdata(item.html)}</content:encoded>`]),
      '    </item>',
    ].join('\n'),
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(feed.title)}</title>`,
    `    <link>${escapeXml(feed.page)}</link>`,
    `    <description>${escapeXml(feed.description)}</description>`,
    `    <language>${escapeXml(feed.language)}</language>`,
    `    <atom:link href="${escapeXml(feed.self('rss'))}" rel="self" type="${FEED_TYPES.rss}"/>`,
    '    <generator>kube-site</generator>',
    ...(feed.updated ? [`    <lastBuildDate>${rfc822(feed.updated)}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}

/** Atom 1.0 (RFC 4287), the same feed. `fallbackDay` dates a feed of no posts, which Atom requires. */
export function renderAtomFeed(input: FeedInput, tag: TagFeed | undefined, fallbackDay: string): string {
  const feed = feedOf(input, tag)
  const entries = feed.items.map((item) =>
    [
      '  <entry>',
      `    <id>${escapeXml(item.url)}</id>`,
      `    <title>${escapeXml(item.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(item.url)}"/>`,
      `    <published>${rfc3339(item.published)}</published>`,
      `    <updated>${rfc3339(item.modified)}</updated>`,
      `    <author><name>${escapeXml(item.author)}</name></author>`,
      ...item.tags.map((name) => `    <category term="${escapeXml(name)}"/>`),
      `    <summary>${escapeXml(item.excerpt)}</summary>`,
      ...(item.html === undefined ? [] : [`    <content type="html">${escapeXml(item.html)}</content>`]),
      '  </entry>',
    ].join('\n'),
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(feed.language)}">`,
    `  <id>${escapeXml(feed.self('atom'))}</id>`,
    `  <title>${escapeXml(feed.title)}</title>`,
    `  <subtitle>${escapeXml(feed.description)}</subtitle>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(feed.page)}"/>`,
    `  <link rel="self" type="${FEED_TYPES.atom}" href="${escapeXml(feed.self('atom'))}"/>`,
    `  <updated>${rfc3339(feed.updated ?? fallbackDay)}</updated>`,
    '  <generator>kube-site</generator>',
    ...entries,
    '</feed>',
    '',
  ].join('\n')
}

/** JSON Feed 1.1 (jsonfeed.org), the same feed. */
export function renderJsonFeed(input: FeedInput, tag?: TagFeed): string {
  const feed = feedOf(input, tag)
  return `${JSON.stringify(
    {
      version: 'https://jsonfeed.org/version/1.1',
      title: feed.title,
      home_page_url: feed.page,
      feed_url: feed.self('json'),
      description: feed.description,
      language: feed.language,
      items: feed.items.map((item) => ({
        id: item.url,
        url: item.url,
        title: item.title,
        // An item needs a content: the text, or (excerpt feeds) the excerpt as text.
        ...(item.html === undefined ? { content_text: item.excerpt } : { content_html: item.html }),
        summary: item.excerpt,
        date_published: rfc3339(item.published),
        date_modified: rfc3339(item.modified),
        authors: [{ name: item.author }],
        tags: item.tags,
      })),
    },
    null,
    2,
  )}\n`
}
