import { describe, expect, it } from 'vitest'
import { extractLinks } from './extractLinks.ts'

const page = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`
const refsOf = (html: string) => extractLinks(html).refs.map(({ kind, url, from }) => [kind, url, from])

describe('extractLinks', () => {
  it.each([
    ['<a href="/blog/">', [['link', '/blog/', '<a href>']]],
    ['<area href="/map/">', [['link', '/map/', '<area href>']]],
    ['<img src="/a.png" srcset="/a.png 1x, /a@2x.png 2x" alt="">', [['image', '/a.png', '<img src>'], ['image', '/a.png', '<img srcset>'], ['image', '/a@2x.png', '<img srcset>']]],
    ['<picture><source srcset="/dark.svg"><img src="/light.svg" alt=""></picture>', [['image', '/dark.svg', '<source srcset>'], ['image', '/light.svg', '<img src>']]],
    ['<video src="/v.mp4" poster="/v.jpg"><source src="/v.webm"><track src="/v.vtt"></video>', [['asset', '/v.mp4', '<video src>'], ['image', '/v.jpg', '<video poster>'], ['asset', '/v.webm', '<source src>'], ['asset', '/v.vtt', '<track src>']]],
    ['<script src="/app.js"></script>', [['asset', '/app.js', '<script src>']]],
    ['<iframe src="/embed/"></iframe><object data="/doc.pdf"></object>', [['asset', '/embed/', '<iframe src>'], ['asset', '/doc.pdf', '<object data>']]],
    ['<a href="/x/?a=1&amp;b=2">', [['link', '/x/?a=1&b=2', '<a href>']]],
    ['<a href="  /padded/  ">', [['link', '/padded/', '<a href>']]],
    ['<a href="">empty</a><a>no href</a><img alt="">', []],
    ['<svg><a href="/inside-svg/"><title>icon</title></a></svg>', []],
    ['<svg class="icon"><use href="/assets/static/icons.abc.svg#github"></use></svg>', [['asset', '/assets/static/icons.abc.svg#github', '<use href>']]],
  ])('reads %s', (body, expected) => {
    expect(refsOf(page('', body))).toEqual(expected)
  })

  it.each([
    ['<link rel="stylesheet" href="/s.css">', [['asset', '/s.css', '<link rel=stylesheet>']]],
    ['<link rel="modulepreload" href="/m.js">', [['asset', '/m.js', '<link rel=modulepreload>']]],
    ['<link rel="preload" as="font" href="/f.woff2">', [['asset', '/f.woff2', '<link rel=preload>']]],
    ['<link rel="icon" href="/favicon.svg">', [['image', '/favicon.svg', '<link rel=icon>']]],
    ['<link rel="shortcut icon" href="/favicon.ico">', [['image', '/favicon.ico', '<link rel=icon>']]],
    ['<link rel="alternate" type="application/rss+xml" href="/feed.xml">', [['link', '/feed.xml', '<link rel=alternate>']]],
    ['<link rel="canonical" href="https://example.com/blog/">', [['canonical', 'https://example.com/blog/', '<link rel=canonical>']]],
    ['<link rel="preconnect" href="https://fonts.example.com">', []],
    ['<meta property="og:image" content="https://example.com/card.png">', [['image', 'https://example.com/card.png', '<meta og:image>']]],
    ['<meta name="twitter:image" content="/card.png">', [['image', '/card.png', '<meta twitter:image>']]],
  ])('reads %s in the head', (head, expected) => {
    expect(refsOf(page(head))).toEqual(expected)
  })

  it('reads each <link rel=alternate hreflang> as a version of the page, not as a reference (checkAnnounced.ts checks them as a set)', () => {
    const facts = extractLinks(
      page('<link rel="alternate" hrefLang="de" href=" https://a.example/de/?a=1&amp;b=2 "><link rel="alternate" hreflang="x-default" href="https://a.example/"><link rel="alternate" type="application/rss+xml" href="/blog/rss.xml"><link rel="canonical" hreflang="de" href="/">'),
    )
    expect(facts.alternates).toEqual([
      { hreflang: 'de', href: 'https://a.example/de/?a=1&b=2' },
      { hreflang: 'x-default', href: 'https://a.example/' },
    ])
    expect(facts.refs.map(({ kind, url }) => [kind, url])).toEqual([
      ['link', '/blog/rss.xml'],
      ['canonical', '/'],
    ])
  })

  it('reads the title, not the title of an inline SVG', () => {
    const facts = extractLinks(page('<title>  Blog\n | KubeGuard </title>', '<svg><title>Shield</title></svg>'))
    expect(facts.title).toBe('Blog | KubeGuard')
    expect(extractLinks(page('', '<svg><title>Shield</title></svg>')).title).toBeUndefined()
    expect(extractLinks(page('<title> </title>')).title).toBeUndefined()
  })

  it('reads the description and noindex', () => {
    expect(extractLinks(page('<meta name="description" content=" About us. ">'))).toMatchObject({ description: 'About us.', noindex: false })
    expect(extractLinks(page('<meta name="description" content="">')).description).toBeUndefined()
    expect(extractLinks(page('<meta name="robots" content="noindex, follow">')).noindex).toBe(true)
    expect(extractLinks(page('<meta name="robots" content="none">')).noindex).toBe(true)
    expect(extractLinks(page('<meta name="robots" content="index, follow">')).noindex).toBe(false)
  })

  it('collects every id and <a name>, in SVG too', () => {
    const facts = extractLinks(page('', '<main id="main"><a name="legacy"></a><h2 id="Über uns">x</h2><svg><g id="icon"/></svg></main>'))
    expect(facts.ids).toEqual(new Set(['main', 'legacy', 'Über uns', 'icon']))
  })

  it('lists images without alt, except those hidden from assistive technology', () => {
    const facts = extractLinks(
      page('', '<img src="/a.png"><img src="/b.png" alt=""><img src="/c.png" alt="C"><img src="/d.png" role="presentation"><img src="/e.png" aria-hidden="true"><img srcset="/f.png 2x">'),
    )
    expect(facts.imagesWithoutAlt).toEqual(['/a.png', '/f.png 2x'])
  })
})
