import type { AlternateLink } from '../../../pages/_lib/locales/pageTranslations.ts'
import { escapeXml } from './xml.ts'

export interface SitemapEntry {
  /** Absolute URL of the page. */
  loc: string
  /** Day the page last changed, YYYY-MM-DD; none where its content does not say (never the day of the build). */
  lastmod?: string
  /** The page's versions in the site's languages, x-default included (pageTranslations.ts alternateLinks). Default: none. */
  alternates?: readonly AlternateLink[]
}

/** The namespace of a sitemap's hreflang links (Google, "localized versions": the sitemap method). */
const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml'

/** A sitemap of the given pages, each with `xhtml:link` alternates; the namespace declared only when a page has some, so one language keeps its sitemap. */
export function renderSitemap(entries: SitemapEntry[]): string {
  const multilingual = entries.some((entry) => entry.alternates?.length)
  const url = ({ loc, lastmod, alternates = [] }: SitemapEntry) =>
    [
      '  <url>',
      `    <loc>${escapeXml(loc)}</loc>`,
      ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
      ...alternates.map(({ hreflang, href }) => `    <xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`),
      '  </url>',
    ].join('\n')
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${multilingual ? ` xmlns:xhtml="${XHTML_NAMESPACE}"` : ''}>`,
    ...entries.map(url),
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
