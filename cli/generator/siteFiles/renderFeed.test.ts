import { describe, expect, it } from 'vitest'
import { findAll, readXml, textOf } from '../../../tests/unit/readXml.ts'
import type { Post, SiteConfig } from '../../content/types.ts'
import { createMarkdownRenderer } from '../../content/markdown/renderMarkdown.ts'
import { FEED_SIZE, renderAtomFeed, renderFeed, renderJsonFeed, rfc822 } from './renderFeed.ts'

const config = {
  brand: { name: 'KubeGuard' },
  site: { url: 'https://kubeguard.dev', language: 'en' },
  blog: { title: 'Blog', description: 'Field notes & news <weekly>.', pageSize: 2 },
} as SiteConfig

const post = (n: number, extra: Partial<Post> = {}): Post => ({
  slug: `post-${n}`,
  title: `Post ${n}`,
  excerpt: `Excerpt ${n}`,
  author: 'Priya Raman',
  date: `2025-01-${String(28 - n).padStart(2, '0')}`,
  readTime: '1 min read',
  tags: ['k8s'],
  draft: false,
  redirectFrom: [],
  html: `<p>Body ${n}</p>`,
  sourceFile: `post-${n}.md`,
  locale: 'en',
  ...extra,
})

describe('renderFeed', () => {
  it('is well-formed RSS 2.0 whose links are the posts’ permalinks, newest first', () => {
    const feed = readXml(renderFeed({ config, posts: [post(1), post(2)], base: '/' }))
    expect(feed.name).toBe('rss')
    expect(feed.attributes.version).toBe('2.0')
    expect(textOf(feed, 'link')).toBe('https://kubeguard.dev/blog/')
    expect(textOf(feed, 'description')).toBe('Field notes & news <weekly>.')
    expect(findAll(feed, 'atom:link')[0]?.attributes.href).toBe('https://kubeguard.dev/blog/rss.xml')
    const items = findAll(feed, 'item')
    expect(items.map((item) => textOf(item, 'link'))).toEqual(['https://kubeguard.dev/blog/post-1/', 'https://kubeguard.dev/blog/post-2/'])
    expect(items.map((item) => textOf(item, 'guid'))).toEqual(items.map((item) => textOf(item, 'link')))
    expect(textOf(items[0]!, 'pubDate')).toBe('Mon, 27 Jan 2025 00:00:00 GMT')
    expect(textOf(items[0]!, 'dc:creator')).toBe('Priya Raman')
    expect(textOf(items[0]!, 'content:encoded')).toBe('<p>Body 1</p>')
  })

  it('carries full content with every URL absolute, under the base path too', () => {
    const html = '<h2 id="a"><a class="heading-anchor" href="#a">A</a></h2><img src="/images/x.svg" alt=""><a href="/pricing/">p</a><a href="https://k8s.io">k</a>'
    const feed = readXml(renderFeed({ config, posts: [post(1, { html })], base: '/marketing/' }))
    expect(textOf(feed, 'content:encoded')).toBe(
      '<h2 id="a"><a class="heading-anchor" href="https://kubeguard.dev/marketing/blog/post-1/#a">A</a></h2>' +
        '<img src="https://kubeguard.dev/marketing/images/x.svg" alt="">' +
        '<a href="https://kubeguard.dev/marketing/pricing/">p</a><a href="https://k8s.io">k</a>',
    )
    expect(textOf(feed, 'link')).toBe('https://kubeguard.dev/marketing/blog/')
  })

  it("leaves out the post's table of contents: a reader's feed shows the article", () => {
    const body = '<h2 id="a">A</h2><h2 id="b">B</h2><h3 id="c">C</h3>'
    const html = createMarkdownRenderer()('## A\n\n## B\n\n### C')
    expect(html).toContain('<nav class="toc"')
    const feed = readXml(renderFeed({ config, posts: [post(1, { html })], base: '/' }))
    expect(textOf(feed, 'content:encoded')?.replace(/<a class="heading-anchor" href="[^"]*">|<\/a>|\n/g, '')).toBe(body)
  })

  it('stays well-formed whatever the posts hold', () => {
    const tricky = post(1, { title: 'R&D <b> "quotes"', html: '<pre><code>a ]]> b</code></pre>\u0001', tags: ['a&b'] })
    const item = findAll(readXml(renderFeed({ config, posts: [tricky], base: '/' })), 'item')[0]!
    expect(textOf(item, 'title')).toBe('R&D <b> "quotes"')
    expect(textOf(item, 'category')).toBe('a&b')
    expect(textOf(item, 'content:encoded')).toBe('<pre><code>a ]]> b</code></pre>')
  })

  it(`holds the ${FEED_SIZE} newest posts`, () => {
    const posts = Array.from({ length: FEED_SIZE + 5 }, (_, index) => post(index, { date: '2025-01-01' }))
    const items = findAll(readXml(renderFeed({ config, posts, base: '/' })), 'item')
    expect(items).toHaveLength(FEED_SIZE)
    expect(textOf(items[0]!, 'title')).toBe('Post 0')
  })

  it('of a tag: its own title, its page, its own address, and the full text as the blog\'s has it', () => {
    const posts = [post(1, { tags: ['Network Security', 'cilium'], html: '<p>The full text of post 1.</p>' }), post(3, { tags: ['network-security'] })]
    const xml = renderFeed({ config, posts, base: '/marketing/' }, { name: 'Network Security', slug: 'network-security', count: 2 })
    const feed = readXml(xml)
    expect(textOf(feed, 'title')).toBe('KubeGuard Blog: Network Security')
    expect(textOf(feed, 'link')).toBe('https://kubeguard.dev/marketing/blog/tags/network-security/')
    expect(textOf(feed, 'description')).toBe('2 posts tagged Network Security on the KubeGuard blog.')
    expect(findAll(feed, 'atom:link')[0]?.attributes).toMatchObject({ href: 'https://kubeguard.dev/marketing/blog/tags/network-security/rss.xml', rel: 'self' })
    const items = findAll(feed, 'item')
    expect(items.map((item) => textOf(item, 'link'))).toEqual(['https://kubeguard.dev/marketing/blog/post-1/', 'https://kubeguard.dev/marketing/blog/post-3/'])
    expect(items.map((item) => textOf(item, 'description'))).toEqual(['Excerpt 1', 'Excerpt 3'])
    expect(findAll(feed, 'content:encoded').map((content) => content.text)).toEqual(['<p>The full text of post 1.</p>', '<p>Body 3</p>'])
    expect(xml).toContain('The full text')
    // Each item keeps all its own tags, as the blog's feed gives them.
    expect(findAll(items[0]!, 'category').map((category) => category.text)).toEqual(['Network Security', 'cilium'])
  })

  it("dates an updated post's item with Atom's updated, and the feed with its newest change", () => {
    const feed = readXml(renderFeed({ config, posts: [post(1), post(2, { updated: '2025-02-10' }), post(3)], base: '/' }))
    const items = findAll(feed, 'item')
    expect(items.map((item) => findAll(item, 'atom:updated').map((updated) => updated.text))).toEqual([[], ['2025-02-10T00:00:00Z'], []])
    // RSS's own date stays the day of publication.
    expect(textOf(items[1]!, 'pubDate')).toBe('Sun, 26 Jan 2025 00:00:00 GMT')
    expect(textOf(feed, 'lastBuildDate')).toBe('Mon, 10 Feb 2025 00:00:00 GMT')
    // Without an update, the newest post's day.
    expect(textOf(readXml(renderFeed({ config, posts: [post(1), post(3)], base: '/' })), 'lastBuildDate')).toBe('Mon, 27 Jan 2025 00:00:00 GMT')
  })

  it('is valid with no posts at all', () => {
    expect(findAll(readXml(renderFeed({ config, posts: [], base: '/' })), 'item')).toEqual([])
  })
})

describe('rfc822', () => {
  it('keeps the calendar day in every time zone', () => {
    expect(rfc822('2026-01-05')).toBe('Mon, 05 Jan 2026 00:00:00 GMT')
  })
})

const tricky = post(1, { title: 'R&D <b> "quotes"', tags: ['a&b', 'k8s'], updated: '2025-02-10', html: '<p>See <a href="/pricing/">plans</a> &amp; <img src="/images/x.svg" alt=""></p>' })

describe('renderAtomFeed', () => {
  it('is well-formed Atom 1.0 with its required elements, full content with absolute URLs, and each entry dated by its update', () => {
    const feed = readXml(renderAtomFeed({ config, posts: [tricky, post(2)], base: '/marketing/' }, undefined, '2025-10-10'))
    expect(feed.name).toBe('feed')
    expect(feed.attributes).toMatchObject({ xmlns: 'http://www.w3.org/2005/Atom', 'xml:lang': 'en' })
    expect([textOf(feed, 'id'), textOf(feed, 'title'), textOf(feed, 'updated')]).toEqual(['https://kubeguard.dev/marketing/blog/atom.xml', 'KubeGuard Blog', '2025-02-10T00:00:00Z'])
    expect(findAll(feed, 'link').slice(0, 2).map((link) => link.attributes)).toEqual([
      { rel: 'alternate', type: 'text/html', href: 'https://kubeguard.dev/marketing/blog/' },
      { rel: 'self', type: 'application/atom+xml', href: 'https://kubeguard.dev/marketing/blog/atom.xml' },
    ])
    const [entry, second] = findAll(feed, 'entry')
    expect(['id', 'title', 'published', 'updated', 'summary'].map((name) => textOf(entry!, name))).toEqual([
      'https://kubeguard.dev/marketing/blog/post-1/',
      'R&D <b> "quotes"',
      '2025-01-27T00:00:00Z',
      '2025-02-10T00:00:00Z',
      'Excerpt 1',
    ])
    expect(textOf(second!, 'updated')).toBe('2025-01-26T00:00:00Z')
    expect(findAll(entry!, 'name').map((name) => name.text)).toEqual(['Priya Raman'])
    expect(findAll(entry!, 'category').map((category) => category.attributes.term)).toEqual(['a&b', 'k8s'])
    expect(findAll(entry!, 'content')[0]?.attributes.type).toBe('html')
    expect(textOf(entry!, 'content')).toBe('<p>See <a href="https://kubeguard.dev/marketing/pricing/">plans</a> &amp; <img src="https://kubeguard.dev/marketing/images/x.svg" alt=""></p>')
  })

  it('dates a feed of no posts by the day it is given, as Atom requires a date', () => {
    expect(textOf(readXml(renderAtomFeed({ config, posts: [], base: '/' }, undefined, '2025-10-10')), 'updated')).toBe('2025-10-10T00:00:00Z')
  })
})

describe('renderJsonFeed', () => {
  it("matches JSON Feed 1.1: version, title, every item's id and content, its dates and authors", () => {
    const feed = JSON.parse(renderJsonFeed({ config, posts: [tricky, post(2)], base: '/' }, { name: 'K8s', slug: 'k8s', count: 2 }))
    expect(feed).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'KubeGuard Blog: K8s',
      home_page_url: 'https://kubeguard.dev/blog/tags/k8s/',
      feed_url: 'https://kubeguard.dev/blog/tags/k8s/feed.json',
    })
    expect(feed.items[0]).toEqual({
      id: 'https://kubeguard.dev/blog/post-1/',
      url: 'https://kubeguard.dev/blog/post-1/',
      title: 'R&D <b> "quotes"',
      content_html: '<p>See <a href="https://kubeguard.dev/pricing/">plans</a> &amp; <img src="https://kubeguard.dev/images/x.svg" alt=""></p>',
      summary: 'Excerpt 1',
      date_published: '2025-01-27T00:00:00Z',
      date_modified: '2025-02-10T00:00:00Z',
      authors: [{ name: 'Priya Raman' }],
      tags: ['a&b', 'k8s'],
    })
    for (const item of feed.items) {
      expect(typeof item.id).toBe('string')
      expect(typeof (item.content_html ?? item.content_text)).toBe('string')
    }
  })
})

describe("blog.feedContent: 'excerpt'", () => {
  const excerpts = { ...config, blog: { ...config.blog, feedContent: 'excerpt' } } as SiteConfig
  it('gives every format the excerpt and never the text', () => {
    const input = { config: excerpts, posts: [post(1, { html: '<p>The full text.</p>' })], base: '/' }
    const rss = renderFeed(input)
    const atom = renderAtomFeed(input, undefined, '2025-10-10')
    const json = JSON.parse(renderJsonFeed(input))
    expect([rss, atom, JSON.stringify(json)].filter((text) => text.includes('The full text'))).toEqual([])
    expect(findAll(readXml(rss), 'content:encoded')).toEqual([])
    expect(findAll(readXml(atom), 'content')).toEqual([])
    expect(json.items[0]).toMatchObject({ content_text: 'Excerpt 1', summary: 'Excerpt 1' })
  })
})
