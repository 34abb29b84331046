import { describe, expect, it } from 'vitest'
import { readFeed, readLlmsTxt, readSitemap } from './readAnnounced.ts'

const sitemap = (urls: string, declarations = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${declarations}>${urls}</urlset>`

describe('readSitemap', () => {
  it('reads each <url>: its <loc>, entities read, and its alternates', () => {
    const urls = readSitemap(
      sitemap(
        '<url><loc> https://a.example/?x=1&amp;y=2 </loc><lastmod>2025-01-01</lastmod></url>' +
          '<url><loc>https://a.example/blog/</loc><xhtml:link rel="alternate" hreflang="en" href="https://a.example/blog/"/><xhtml:link rel="alternate" hreflang="de" href="https://a.example/de/blog/"/></url>',
      ),
    )
    expect(urls).toEqual([
      { loc: 'https://a.example/?x=1&y=2', alternates: [] },
      {
        loc: 'https://a.example/blog/',
        alternates: [
          { hreflang: 'en', href: 'https://a.example/blog/' },
          { hreflang: 'de', href: 'https://a.example/de/blog/' },
        ],
      },
    ])
  })

  it.each([
    ['another prefix for XHTML', 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:h="http://www.w3.org/1999/xhtml"', '<h:link rel="alternate" hreflang="de" href="/de/"/>', [{ hreflang: 'de', href: '/de/' }]],
    ['a prefix for the sitemap', 'xmlns:s="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"', '<xhtml:link rel="alternate" hreflang="de" href="/de/"/>', [{ hreflang: 'de', href: '/de/' }]],
    ['a link of no namespace', 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"', '<link rel="alternate" hreflang="de" href="/de/"/>', []],
    ['a link not rel=alternate', 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"', '<xhtml:link rel="canonical" hreflang="de" href="/de/"/>', []],
  ])('reads elements by their namespace: %s', (_, declarations, link, alternates) => {
    const prefix = declarations.startsWith('xmlns:s=') ? 's:' : ''
    const urls = readSitemap(sitemap(`<${prefix}url><${prefix}loc>/</${prefix}loc>${link}</${prefix}url>`, declarations))
    expect(urls).toEqual([{ loc: '/', alternates }])
  })

  it('reads nothing of a document that is no sitemap', () => {
    expect(readSitemap('<urlset><url><loc>/x/</loc></url></urlset>')).toEqual([])
  })
})

describe('readFeed', () => {
  it('reads an RSS feed: the channel’s link, its atom:link, each item’s link; not a guid, a comment, nor the links in its content', () => {
    const rss = `<?xml version="1.0"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
      <link>https://a.example/blog/</link><atom:link href="https://a.example/blog/rss.xml" rel="self" type="application/rss+xml"/>
      <!-- <link>https://a.example/commented/</link> -->
      <item><title>A</title><link> https://a.example/blog/a/?x=1&amp;y=2 </link><guid>https://a.example/blog/guid/</guid>
      <content:encoded><![CDATA[<p><a href="https://a.example/in-content/">x</a><link>https://a.example/cdata/</link></p>]]></content:encoded></item>
    </channel></rss>`
    expect(readFeed(rss, 'rss')).toEqual([
      { url: 'https://a.example/blog/', from: '<channel><link>' },
      { url: 'https://a.example/blog/rss.xml', from: '<atom:link rel=self>' },
      { url: 'https://a.example/blog/a/?x=1&y=2', from: '<item><link>' },
    ])
  })

  it('reads an Atom feed: every link’s href, not an id, nor the links in its escaped content', () => {
    const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><id>https://a.example/id/</id>
      <link rel="alternate" type="text/html" href="https://a.example/blog/"/><link rel="self" href="https://a.example/blog/atom.xml"/>
      <entry><id>https://a.example/blog/a/</id><link rel="alternate" href="https://a.example/blog/a/"/>
      <content type="html">&lt;link href="https://a.example/escaped/"&gt;</content></entry></feed>`
    expect(readFeed(atom, 'atom')).toEqual([
      { url: 'https://a.example/blog/', from: '<feed><link rel=alternate>' },
      { url: 'https://a.example/blog/atom.xml', from: '<feed><link rel=self>' },
      { url: 'https://a.example/blog/a/', from: '<entry><link rel=alternate>' },
    ])
  })

  it('reads a JSON Feed: home_page_url, feed_url and each item’s url, not its external_url', () => {
    const json = JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      home_page_url: 'https://a.example/blog/',
      feed_url: 'https://a.example/blog/feed.json',
      items: [{ id: '1', url: 'https://a.example/blog/a/', external_url: 'https://elsewhere.example/' }, { id: '2' }, 'not an item', { id: '3', url: 'https://a.example/blog/c/' }],
    })
    expect(readFeed(json, 'json')).toEqual([
      { url: 'https://a.example/blog/', from: 'home_page_url' },
      { url: 'https://a.example/blog/feed.json', from: 'feed_url' },
      { url: 'https://a.example/blog/a/', from: 'items[0].url' },
      { url: 'https://a.example/blog/c/', from: 'items[3].url' },
    ])
  })

  it.each([['not JSON {'], ['[1, 2]'], ['null']])('reads no link in %j', (text) => {
    expect(readFeed(text, 'json')).toEqual([])
  })
})

describe('readLlmsTxt', () => {
  it('reads each markdown link, named by its text, and each bare URL (GitHub-flavoured markdown links it); not a URL in code', () => {
    const text = [
      '# KubeGuard',
      '',
      '> Secures https://a.example/quoted/ clusters.',
      '',
      '## Blog',
      '',
      '- [RBAC \\[part 1\\]](https://a.example/blog/rbac/index.md): see `[x](https://a.example/code/)`',
      '- [Privacy Policy](https://a.example/privacy-policy/)',
      '',
    ].join('\n')
    expect(readLlmsTxt(text)).toEqual([
      { url: 'https://a.example/quoted/', from: 'link "https://a.example/quoted/"' },
      { url: 'https://a.example/blog/rbac/index.md', from: 'link "RBAC [part 1]"' },
      { url: 'https://a.example/privacy-policy/', from: 'link "Privacy Policy"' },
    ])
  })
})
