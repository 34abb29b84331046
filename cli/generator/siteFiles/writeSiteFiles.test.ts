import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { findAll, readXml, textOf } from '../../../tests/unit/readXml.ts'
import type { Post, SiteConfig } from '../../content/types.ts'
import { pageUrls } from '../../../pages/_lib/urls/routes.ts'
import { FEED_SIZE } from './renderFeed.ts'
import { siteFiles, writeSiteFiles, type SiteFile } from './writeSiteFiles.ts'
import { redirectTargetOf } from './redirectPage.ts'

const config = {
  brand: { name: 'KubeGuard' },
  site: { url: 'https://kubeguard.dev', language: 'en', description: 'Kubernetes security.' },
  pricing: { description: 'Plans.' },
  blog: { title: 'Blog', description: 'Notes.', pageSize: 2, tagPageSize: 2 },
  legal: { privacyPolicy: { title: 'Privacy Policy', updated: '2025-06-01' }, termsOfService: { title: 'Terms of Service' } },
} as SiteConfig

const post = (slug: string, date: string, author: string, tags: string[]) => ({ slug, date, title: slug, excerpt: 'e', author, tags, html: '<p>x</p>' }) as unknown as Post
// With 2 posts a page, rbac's list has two pages; cilium's newest post is not the blog's newest.
const posts = [
  post('newest', '2025-09-02', 'Maya Chen', ['rbac']),
  post('middle', '2025-08-01', 'Daniel Okafor', ['Cilium', 'rbac']),
  post('oldest', '2025-07-03', 'Maya Chen', ['cilium', 'RBAC']),
]

let roots: string[] = []
afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
  roots = []
})

/** A built site's client folder with an index.html per page (and the files a build writes besides). */
function site(pages: string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'kube-site-files-'))
  roots.push(root)
  for (const page of pages) {
    mkdirSync(join(root, page), { recursive: true })
    writeFileSync(join(root, page, 'index.html'), '<!doctype html>')
  }
  writeFileSync(join(root, '404.html'), '<!doctype html>')
  mkdirSync(join(root, 'assets', 'chunks'), { recursive: true })
  writeFileSync(join(root, 'assets', 'chunks', 'index.html'), 'not a page')
  return root
}

const pages = [
  '',
  'blog',
  'blog/page/2',
  'blog/newest',
  'blog/middle',
  'blog/oldest',
  'blog/tags',
  'blog/tags/rbac',
  'blog/tags/rbac/page/2',
  'blog/tags/cilium',
  'blog/authors',
  'blog/search',
  'blog/authors/maya-chen',
  'blog/authors/daniel-okafor',
  'pricing',
  'privacy-policy',
  'terms-of-service',
]

/** The URL paths of `pages` (folders under the site), sorted: what a build hands writeSiteFiles. */
const urlsOf = (pages: string[]) => pages.map((page) => `/${page}${page && '/'}`).sort()

describe('pageUrls', () => {
  it('names the pages a prerender writes (a build hands these to the sitemap)', () => {
    expect(pageUrls(posts, config.blog)).toEqual(urlsOf(pages))
    // Without posts the blog, both indexes and the search page are still pages: they say there is nothing yet.
    expect(pageUrls([], { pageSize: 2, tagPageSize: 12 })).toEqual(['/', '/blog/', '/blog/authors/', '/blog/search/', '/blog/tags/', '/pricing/', '/privacy-policy/', '/terms-of-service/'])
  })
})

describe('writeSiteFiles, noindex (a preview)', () => {
  it('writes a robots.txt that disallows all, over the one from public/', async () => {
    const root = site(pages)
    writeFileSync(join(root, 'robots.txt'), 'User-agent: *\nAllow: /\n')
    await writeSiteFiles(root, { config, posts, base: '/previews/pr-7/', buildDate: '2025-10-10', noindex: true }, urlsOf(pages))
    expect(readFileSync(join(root, 'robots.txt'), 'utf8')).toBe('User-agent: *\nDisallow: /\n')
  })
})

describe('writeSiteFiles, response headers', () => {
  it('writes _headers with the headers a CDN should send when the config asks, under the base, and none otherwise', async () => {
    const asked = site(pages)
    await writeSiteFiles(asked, { config: { ...config, security: { contentSecurityPolicy: {}, headersFile: true } }, posts, base: '/docs/', buildDate: '2025-10-10' }, urlsOf(pages))
    const lines = readFileSync(join(asked, '_headers'), 'utf8').split('\n')
    expect(lines[0]).toBe('/docs/*')
    expect(lines).toContain("  Content-Security-Policy: frame-ancestors 'none'")
    expect(lines).toContain('  Strict-Transport-Security: max-age=63072000; includeSubDomains')
    expect(lines).toContain('  X-Content-Type-Options: nosniff')
    const unasked = site(pages)
    await writeSiteFiles(unasked, { config, posts, base: '/', buildDate: '2025-10-10' }, urlsOf(pages))
    expect(readdirSync(unasked)).not.toContain('_headers')
  })
})

describe('writeSiteFiles', () => {
  it('writes a sitemap of every page with its lastmod (a list with its own newest post; none for a page its content does not date, never the day of the build), a feed and robots.txt', async () => {
    const root = site(pages)
    await writeSiteFiles(root, { config, posts, base: '/', buildDate: '2025-10-10' }, urlsOf(pages))
    const sitemap = readXml(readFileSync(join(root, 'sitemap.xml'), 'utf8'))
    expect(sitemap.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
    const entries = Object.fromEntries(findAll(sitemap, 'url').map((url) => [textOf(url, 'loc'), textOf(url, 'lastmod')]))
    expect(entries).toEqual({
      'https://kubeguard.dev/': undefined,
      'https://kubeguard.dev/blog/': '2025-09-02',
      'https://kubeguard.dev/blog/page/2/': '2025-09-02',
      'https://kubeguard.dev/blog/newest/': '2025-09-02',
      'https://kubeguard.dev/blog/middle/': '2025-08-01',
      'https://kubeguard.dev/blog/oldest/': '2025-07-03',
      'https://kubeguard.dev/blog/tags/': '2025-09-02',
      'https://kubeguard.dev/blog/tags/rbac/': '2025-09-02',
      'https://kubeguard.dev/blog/tags/rbac/page/2/': '2025-09-02',
      'https://kubeguard.dev/blog/tags/cilium/': '2025-08-01',
      'https://kubeguard.dev/blog/authors/': '2025-09-02',
      'https://kubeguard.dev/blog/authors/maya-chen/': '2025-09-02',
      'https://kubeguard.dev/blog/authors/daniel-okafor/': '2025-08-01',
      'https://kubeguard.dev/pricing/': undefined,
      'https://kubeguard.dev/privacy-policy/': '2025-06-01',
      'https://kubeguard.dev/terms-of-service/': undefined,
    })
    const feed = readXml(readFileSync(join(root, 'blog', 'rss.xml'), 'utf8'))
    expect(findAll(feed, 'item').map((item) => textOf(item, 'link'))).toEqual([
      'https://kubeguard.dev/blog/newest/',
      'https://kubeguard.dev/blog/middle/',
      'https://kubeguard.dev/blog/oldest/',
    ])
    expect(readFileSync(join(root, 'robots.txt'), 'utf8')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://kubeguard.dev/sitemap.xml\n')
  })

  it('writes llms.txt with every published post, never a draft or a post dated after the build, even in a build that shows them', async () => {
    const root = site(pages)
    const [newest, middle, oldest] = posts as [Post, Post, Post]
    const shown = [{ ...newest, date: '2025-12-01' }, { ...middle, draft: true }, oldest]
    await writeSiteFiles(root, { config, posts: shown, base: '/', buildDate: '2025-10-10' }, urlsOf(pages))
    const llms = readFileSync(join(root, 'llms.txt'), 'utf8')
    expect(llms).toMatch(/^# KubeGuard\n\n> Kubernetes security\.\n/)
    // Each post by its markdown twin.
    expect(llms.match(/^- \[.*\]\(https:\/\/kubeguard\.dev\/blog\/\w+\/.*$/gm)).toEqual(['- [oldest](https://kubeguard.dev/blog/oldest/index.md): e'])
  })

  it("dates a post's page and each list page showing its card by its update; the indexes, which show counts, by the newest post", async () => {
    const root = site(pages)
    const [newest, middle, oldest] = posts as [Post, Post, Post]
    const updated = [newest, { ...middle, updated: '2025-09-20' }, { ...oldest, updated: '2025-09-25' }]
    await writeSiteFiles(root, { config, posts: updated, base: '/', buildDate: '2025-10-10' }, urlsOf(pages))
    const sitemap = readXml(readFileSync(join(root, 'sitemap.xml'), 'utf8'))
    const entries = Object.fromEntries(findAll(sitemap, 'url').map((url) => [textOf(url, 'loc')?.replace('https://kubeguard.dev', ''), textOf(url, 'lastmod')]))
    expect(entries).toMatchObject({
      '/blog/': '2025-09-20',
      '/blog/page/2/': '2025-09-25',
      '/blog/newest/': '2025-09-02',
      '/blog/middle/': '2025-09-20',
      '/blog/oldest/': '2025-09-25',
      '/blog/tags/': '2025-09-02',
      '/blog/tags/rbac/': '2025-09-20',
      '/blog/tags/rbac/page/2/': '2025-09-25',
      '/blog/tags/cilium/': '2025-09-25',
      '/blog/authors/': '2025-09-02',
      '/blog/authors/maya-chen/': '2025-09-25',
      '/blog/authors/daniel-okafor/': '2025-09-20',
    })
  })

  it("writes each tag's feed beside its page, with that tag's posts only", async () => {
    const root = site(pages)
    await writeSiteFiles(root, { config, posts, base: '/', buildDate: '2025-10-10' }, urlsOf(pages))
    const feed = (slug: string) => readXml(readFileSync(join(root, 'blog', 'tags', slug, 'rss.xml'), 'utf8'))
    const links = (slug: string) => findAll(feed(slug), 'item').map((item) => textOf(item, 'link'))
    expect(links('rbac')).toEqual(['https://kubeguard.dev/blog/newest/', 'https://kubeguard.dev/blog/middle/', 'https://kubeguard.dev/blog/oldest/'])
    expect(links('cilium')).toEqual(['https://kubeguard.dev/blog/middle/', 'https://kubeguard.dev/blog/oldest/'])
    // Named as most of its posts write it; 'Cilium' and 'cilium' once each: the newest post's.
    expect([textOf(feed('rbac'), 'title'), textOf(feed('cilium'), 'title')]).toEqual(['KubeGuard Blog: rbac', 'KubeGuard Blog: Cilium'])
    expect(readdirSync(join(root, 'blog', 'tags', 'cilium')).sort()).toEqual(['atom.xml', 'feed.json', 'index.html', 'rss.xml'])
    expect(readdirSync(join(root, 'blog')).filter((name) => !name.endsWith('/')).sort()).toEqual(expect.arrayContaining(['atom.xml', 'feed.json', 'rss.xml']))
    // Authors have pages, not feeds.
    expect(readdirSync(join(root, 'blog', 'authors', 'maya-chen'))).toEqual(['index.html'])
  })

  it(`writes a tag's feed with its ${FEED_SIZE} newest posts, and counts them all`, async () => {
    const many = Array.from({ length: FEED_SIZE + 3 }, (_, index) => post(`post-${index}`, '2025-01-01', 'Maya Chen', ['rbac']))
    const root = site([''])
    await writeSiteFiles(root, { config, posts: many, base: '/', buildDate: '2025-10-10' }, urlsOf(['']))
    const feed = readXml(readFileSync(join(root, 'blog', 'tags', 'rbac', 'rss.xml'), 'utf8'))
    expect(findAll(feed, 'item').map((item) => textOf(item, 'link'))).toEqual(many.slice(0, FEED_SIZE).map((post) => `https://kubeguard.dev/blog/${post.slug}/`))
    expect(textOf(feed, 'description')).toBe(`${FEED_SIZE + 3} posts tagged rbac on the KubeGuard blog.`)
  })

  it('writes absolute URLs under the base path', async () => {
    const root = site(['', 'blog', 'blog/newest'])
    await writeSiteFiles(root, { config, posts: [posts[0]!], base: '/marketing/', buildDate: '2025-10-10' }, urlsOf(['', 'blog', 'blog/newest']))
    const locs = findAll(readXml(readFileSync(join(root, 'sitemap.xml'), 'utf8')), 'loc').map((loc) => loc.text)
    expect(locs).toEqual(['https://kubeguard.dev/marketing/', 'https://kubeguard.dev/marketing/blog/', 'https://kubeguard.dev/marketing/blog/newest/'])
    expect(readFileSync(join(root, 'robots.txt'), 'utf8')).toContain('Sitemap: https://kubeguard.dev/marketing/sitemap.xml')
  })

  it('keeps a robots.txt the site ships in public/', async () => {
    const root = site([''])
    writeFileSync(join(root, 'robots.txt'), 'User-agent: *\nDisallow: /\n')
    await writeSiteFiles(root, { config, posts: [], base: '/', buildDate: '2025-10-10' }, urlsOf(['']))
    expect(readFileSync(join(root, 'robots.txt'), 'utf8')).toBe('User-agent: *\nDisallow: /\n')
    // The home page's content has no date: no lastmod, not the day of the build.
    expect(findAll(readXml(readFileSync(join(root, 'sitemap.xml'), 'utf8')), 'url')).toHaveLength(1)
    expect(findAll(readXml(readFileSync(join(root, 'sitemap.xml'), 'utf8')), 'lastmod')).toEqual([])
  })

  it('writes a redirect page at each old URL, under the base, and leaves them out of the sitemap', async () => {
    const root = site(pages)
    const redirects = [
      { from: '/blog/old-newest/', to: '/blog/newest/' },
      { from: '/docs/', to: '/pricing/' },
      { from: '/café/', to: '/blog/' },
    ]
    await writeSiteFiles(root, { config, posts, base: '/marketing/', buildDate: '2025-10-10', redirects }, urlsOf(pages))
    const targets = redirects.map(({ from }) => redirectTargetOf(readFileSync(join(root, ...from.split('/'), 'index.html'), 'utf8')))
    expect(targets).toEqual(['/marketing/blog/newest/', '/marketing/pricing/', '/marketing/blog/'])
    const locs = findAll(readXml(readFileSync(join(root, 'sitemap.xml'), 'utf8')), 'loc').map((loc) => loc.text)
    // Every page but the search page, whose content is what a visitor asks.
    expect(locs).toHaveLength(pages.length - 1)
    expect(locs.filter((loc) => /old-newest|docs|caf|search/.test(loc!))).toEqual([])
  })

  it('offers its redirect pages to the plan with the feeds, each made from its text: one the plan keeps is not written', async () => {
    const offered: ReadonlyMap<string, SiteFile>[] = []
    const keep = (files: ReadonlyMap<string, SiteFile>) => (offered.push(files), new Set(['/blog/old-newest/index.html', '/blog/rss.xml']))
    const redirects = [
      { from: '/blog/old-newest/', to: '/blog/newest/' },
      { from: '/docs/', to: '/pricing/' },
    ]
    const root = site(pages)
    await writeSiteFiles(root, { config, posts, base: '/', buildDate: '2025-10-10', redirects }, urlsOf(pages), { keep })
    expect(existsSync(join(root, 'blog', 'old-newest', 'index.html'))).toBe(false)
    expect(existsSync(join(root, 'blog', 'rss.xml'))).toBe(false)
    expect(redirectTargetOf(readFileSync(join(root, 'docs', 'index.html'), 'utf8'))).toBe('/pricing/')
    // Another target is another text, so another key.
    await writeSiteFiles(site(pages), { config, posts, base: '/', buildDate: '2025-10-10', redirects: [{ from: '/docs/', to: '/blog/' }] }, urlsOf(pages), { keep })
    const docs = offered.map((files) => files.get('/docs/index.html')!)
    expect(docs[0]!.madeFrom!.shows).toBe(docs[0]!.make())
    expect(docs[1]!.madeFrom!.shows).not.toBe(docs[0]!.madeFrom!.shows)
  })

  it('offers each feed to the plan as made from its posts, and an Atom feed of none from the day it is dated by besides (Atom requires a date)', () => {
    const feeds = (shown: Post[], buildDate: string) => {
      const files = siteFiles({ config, posts: shown, base: '/', buildDate }, pages.map((page) => `/${page}${page && '/'}`), false)
      return Object.fromEntries(['/blog/rss.xml', '/blog/atom.xml', '/blog/feed.json'].map((url) => [url, files.get(url)!.madeFrom]))
    }
    expect(feeds(posts, '2025-10-02')).toEqual(feeds(posts, '2025-10-01'))
    const [before, after] = [feeds([], '2025-10-01'), feeds([], '2025-10-02')]
    expect(after['/blog/atom.xml']).not.toEqual(before['/blog/atom.xml'])
    expect(after['/blog/rss.xml']).toEqual(before['/blog/rss.xml'])
    expect(after['/blog/feed.json']).toEqual(before['/blog/feed.json'])
  })

  it('never writes a redirect over a file of the site: that is a bug, reported as one', async () => {
    const root = site(pages)
    await expect(writeSiteFiles(root, { config, posts, base: '/', buildDate: '2025-10-10', redirects: [{ from: '/pricing/', to: '/blog/' }] }, urlsOf(pages))).rejects.toThrow(
      /^Internal error: the redirect page of \/pricing\/ would replace a file of the site \(EEXIST/,
    )
    expect(readFileSync(join(root, 'pricing', 'index.html'), 'utf8')).toBe('<!doctype html>')
    await expect(writeSiteFiles(root, { config, posts, base: '/', buildDate: '2025-10-10', redirects: [{ from: '/sitemap.xml/', to: '/blog/' }] }, urlsOf(pages))).rejects.toThrow(
      /^Internal error: the redirect page of \/sitemap\.xml\/ would replace a file of the site/,
    )
  })
})
