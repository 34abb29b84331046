import type { Post, SiteConfig } from '../content/types.ts'
import { FEED_URL, absoluteUrl } from '../../pages/_lib/absoluteUrl.ts'
import { latestChange } from '../../pages/_lib/lastChanged.ts'
import { rebaseHtml } from '../../pages/_lib/rebaseHtml.ts'
import { withoutTableOfContents } from '../content/tableOfContents.ts'
import { BLOG_TEXT } from '../../pages/_lib/blogText.ts'
import { blogPageUrl, postUrl, tagFeedUrl, tagPageUrl } from '../../pages/_lib/urls.ts'
import { cdata, escapeXml } from './xml.ts'

/** How many of the newest posts the feed carries, each with its full content. */
export const FEED_SIZE = 20

export interface FeedInput {
  config: SiteConfig
  /** Published posts, newest first. */
  posts: Post[]
  /** URL prefix of the site ('/' or '/sub/'). */
  base: string
}

/** A feed of one tag's posts: its own title, page and address; each item its excerpt, not its body. */
export interface TagFeed {
  name: string
  slug: string
  /** How many posts the tag has (the feed carries the newest FEED_SIZE). */
  count: number
}

/** A calendar day as an RFC 822 date (RSS's format), at midnight UTC so it is that day everywhere. */
export const rfc822 = (day: string): string => new Date(`${day}T00:00:00Z`).toUTCString()

/** A calendar day as an RFC 3339 date-time (Atom's format), at midnight UTC as rfc822 has it. */
export const rfc3339 = (day: string): string => `${day}T00:00:00Z`

/**
 * The blog's RSS 2.0 feed: the newest posts with their full HTML, every URL absolute. With `tag`,
 * the feed of that tag's posts (`posts` are its own), which carries their excerpts: a reader
 * subscribes to a topic to hear of new posts, the blog's feed has the full text, and the full text
 * of 20 posts in each of 90 tags would be 27 MB more of output at 4,000 posts.
 */
export function renderFeed({ config, posts, base }: FeedInput, tag?: TagFeed): string {
  const url = (path: string) => absoluteUrl(config.site.url, base, path)
  const root = url('/').replace(/\/$/, '')
  const shown = posts.slice(0, FEED_SIZE)
  const items = shown.map((post) => {
    const link = url(postUrl(post.slug))
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${rfc822(post.date)}</pubDate>`,
      // RSS 2.0 has no element for an update: Atom's, in its namespace, which the feed declares.
      ...(post.updated ? [`      <atom:updated>${rfc3339(post.updated)}</atom:updated>`] : []),
      `      <dc:creator>${escapeXml(post.author)}</dc:creator>`,
      ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      `      <description>${escapeXml(post.excerpt)}</description>`,
      ...(tag ? [] : [`      <content:encoded>${cdata(rebaseHtml(withoutTableOfContents(post.html), { root, page: link }))}</content:encoded>`]),
      '    </item>',
    ].join('\n')
  })
  const lastChange = latestChange(shown)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(tag ? BLOG_TEXT.tag.feedTitle(tag.name, config.brand.name) : `${config.brand.name} ${config.blog.title}`)}</title>`,
    `    <link>${escapeXml(url(tag ? tagPageUrl(tag.slug) : blogPageUrl(1)))}</link>`,
    `    <description>${escapeXml(tag ? BLOG_TEXT.tag.description(tag.name, tag.count, config.brand.name) : config.blog.description)}</description>`,
    `    <language>${escapeXml(config.site.language)}</language>`,
    `    <atom:link href="${escapeXml(url(tag ? tagFeedUrl(tag.slug) : FEED_URL))}" rel="self" type="application/rss+xml"/>`,
    '    <generator>kube-site</generator>',
    // The day of the newest post or update it carries, not the clock: the same content gives the same file.
    ...(lastChange ? [`    <lastBuildDate>${rfc822(lastChange)}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}
