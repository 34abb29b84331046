import { escapeXml } from './xml.ts'

export interface SitemapEntry {
  /** Absolute URL of the page. */
  loc: string
  /** Day the page last changed, YYYY-MM-DD. */
  lastmod: string
}

/** A sitemap (https://www.sitemaps.org/protocol.html) of the given pages. */
export function renderSitemap(entries: SitemapEntry[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map((entry) => `  <url>\n    <loc>${escapeXml(entry.loc)}</loc>\n    <lastmod>${entry.lastmod}</lastmod>\n  </url>`),
    '</urlset>',
    '',
  ].join('\n')
}

/** robots.txt of a build not for search engines (a preview): every crawler is kept out. */
export const NOINDEX_ROBOTS = 'User-agent: *\nDisallow: /\n'

/** robots.txt that lets every crawler in and points at the sitemap. */
export function renderRobots(sitemapUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${sitemapUrl}\n`
}
