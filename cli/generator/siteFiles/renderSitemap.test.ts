import { describe, expect, it } from 'vitest'
import { findAll, readXml, type XmlElement } from '../../../tests/unit/readXml.ts'
import { content, oneLocale } from '../../../pages/_lib/locales/__fixtures__/twoLocales.ts'
import { renderSitemap } from './renderSitemap.ts'
import { sitemapEntries } from './writeSiteFiles.ts'

const pages = [
  '/',
  '/de/',
  '/blog/',
  '/de/blog/',
  '/blog/page/2/',
  '/blog/pods/',
  '/de/blog/pods/',
  '/blog/network-policies/',
  '/de/blog/netzwerkrichtlinien/',
  '/blog/english-only/',
  '/de/blog/nur-deutsch/',
  '/blog/tags/rbac/',
  '/de/blog/tags/rbac/',
  '/privacy-policy/',
  '/de/privacy-policy/',
  '/terms-of-service/',
]

/** Each URL of a sitemap with its alternates, as `hreflang href` (URLs without the site's origin and base). */
function alternatesOf(sitemap: XmlElement, origin: string): Record<string, string[]> {
  const short = (href: string) => href.replace(origin, '')
  return Object.fromEntries(
    findAll(sitemap, 'url').map((url) => [
      short(url.children.find((child) => child.name === 'loc')!.text),
      url.children.filter((child) => child.name === 'xhtml:link').map(({ attributes }) => `${attributes.rel} ${attributes.hreflang} ${short(attributes.href!)}`),
    ]),
  )
}

describe('the sitemap of a site of two languages', () => {
  const xml = renderSitemap(sitemapEntries(pages, { ...content, base: '/sub/' }))
  const sitemap = readXml(xml)

  it('declares the xhtml namespace of its hreflang links', () => {
    expect(sitemap.attributes).toEqual({ xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9', 'xmlns:xhtml': 'http://www.w3.org/1999/xhtml' })
  })

  it('gives each translated page every version, itself and x-default included, the same set on each; none to a page without one', () => {
    const home = ['alternate en /', 'alternate de /de/', 'alternate x-default /']
    const policies = ['alternate en /blog/network-policies/', 'alternate de /de/blog/netzwerkrichtlinien/', 'alternate x-default /blog/network-policies/']
    const privacy = ['alternate en /privacy-policy/', 'alternate de /de/privacy-policy/', 'alternate x-default /privacy-policy/']
    expect(alternatesOf(sitemap, 'https://kubeguard.dev/sub')).toEqual({
      '/': home,
      '/de/': home,
      '/blog/': ['alternate en /blog/', 'alternate de /de/blog/', 'alternate x-default /blog/'],
      '/de/blog/': ['alternate en /blog/', 'alternate de /de/blog/', 'alternate x-default /blog/'],
      '/blog/page/2/': [],
      '/blog/pods/': ['alternate en /blog/pods/', 'alternate de /de/blog/pods/', 'alternate x-default /blog/pods/'],
      '/de/blog/pods/': ['alternate en /blog/pods/', 'alternate de /de/blog/pods/', 'alternate x-default /blog/pods/'],
      '/blog/network-policies/': policies,
      '/de/blog/netzwerkrichtlinien/': policies,
      '/blog/english-only/': [],
      '/de/blog/nur-deutsch/': [],
      '/blog/tags/rbac/': [],
      '/de/blog/tags/rbac/': [],
      '/privacy-policy/': privacy,
      '/de/privacy-policy/': privacy,
      '/terms-of-service/': [],
    })
  })

  it('writes the links absolute, under the base', () => {
    expect(xml).toContain('    <xhtml:link rel="alternate" hreflang="de" href="https://kubeguard.dev/sub/de/blog/netzwerkrichtlinien/"/>')
  })
})

describe('the sitemap of a site of one language', () => {
  it('is the sitemap it always was: no namespace, no links; a page its content does not date has no lastmod', () => {
    const xml = renderSitemap(sitemapEntries(['/', '/blog/pods/'], { ...oneLocale, base: '/' }))
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url>\n    <loc>https://kubeguard.dev/</loc>\n  </url>',
        '  <url>\n    <loc>https://kubeguard.dev/blog/pods/</loc>\n    <lastmod>2025-09-01</lastmod>\n  </url>',
        '</urlset>',
        '',
      ].join('\n'),
    )
  })
})
