import type { Post, SiteConfig } from '../content/types.ts'
import { FEED_URL, absoluteUrl } from '../../pages/_lib/absoluteUrl.ts'
import { rebaseHtml } from '../../pages/_lib/rebaseHtml.ts'
import { blogPageUrl, postUrl } from '../../pages/_lib/urls.ts'
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

/** A calendar day as an RFC 822 date (RSS's format), at midnight UTC so it is that day everywhere. */
export const rfc822 = (day: string): string => new Date(`${day}T00:00:00Z`).toUTCString()

/** The blog's RSS 2.0 feed: the newest posts with their full HTML, every URL absolute. */
export function renderFeed({ config, posts, base }: FeedInput): string {
  const url = (path: string) => absoluteUrl(config.site.url, base, path)
  const root = url('/').replace(/\/$/, '')
  const newest = posts[0]
  const items = posts.slice(0, FEED_SIZE).map((post) => {
    const link = url(postUrl(post.slug))
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${rfc822(post.date)}</pubDate>`,
      `      <dc:creator>${escapeXml(post.author)}</dc:creator>`,
      ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      `      <description>${escapeXml(post.excerpt)}</description>`,
      `      <content:encoded>${cdata(rebaseHtml(post.html, { root, page: link }))}</content:encoded>`,
      '    </item>',
    ].join('\n')
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(`${config.brand.name} ${config.blog.title}`)}</title>`,
    `    <link>${escapeXml(url(blogPageUrl(1)))}</link>`,
    `    <description>${escapeXml(config.blog.description)}</description>`,
    `    <language>${escapeXml(config.site.language)}</language>`,
    `    <atom:link href="${escapeXml(url(FEED_URL))}" rel="self" type="application/rss+xml"/>`,
    '    <generator>kube-site</generator>',
    // The newest post's day, not the clock: the same content gives the same file.
    ...(newest ? [`    <lastBuildDate>${rfc822(newest.date)}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}
