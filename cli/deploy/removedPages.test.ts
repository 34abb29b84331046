import { describe, expect, it } from 'vitest'
import { KubeSiteError } from '../errors.ts'
import { formatError } from '../reportError.ts'
import type { LocalFile } from './localFiles.ts'
import { planDeploy, type Layout, type RemoteObject } from './planDeploy.ts'
import { removedPagesError, removedPagesText, removedPostPages } from './removedPages.ts'
import { DEFAULT_STORAGE, objectHeaders } from './storedObject.ts'

// The plan only compares sizes and MD5s; a page's text stands for its bytes.
const file = (path: string, text = path): LocalFile => ({ path, size: text.length, md5: text.padEnd(32, '0').slice(0, 32), headers: objectHeaders(path, DEFAULT_STORAGE) })
const remote = (key: string, text = key): RemoteObject => ({ key, size: text.length, etag: text.padEnd(32, '0').slice(0, 32) })

interface Case {
  name: string
  /** Paths in dist/ now; with a text, a file whose bytes differ from the object's. */
  site: Array<string | [path: string, text: string]>
  /** Keys in the bucket, as the last deploy left them. */
  bucket: string[]
  layout?: Layout
  prefix?: string
  base?: string
  /** URL → keys deleted. */
  removed: Record<string, string[]>
}

const cases: Case[] = [
  {
    name: 'a post renamed without a redirect: its old page is removed',
    site: ['index.html', 'blog/index.html', 'blog/new-slug/index.html'],
    bucket: ['index.html', 'blog/index.html', 'blog/old-slug/index.html'],
    removed: { '/blog/old-slug/': ['blog/old-slug/index.html'] },
  },
  {
    name: 'renamed with a redirect: a redirect page at the old key is a change, not a removal',
    site: ['blog/new-slug/index.html', ['blog/old-slug/index.html', 'redirect page']],
    bucket: ['blog/old-slug/index.html'],
    removed: {},
  },
  {
    name: "the blog's own folders are not posts: list pages shrinking, tags, authors, search",
    site: ['blog/index.html'],
    bucket: ['blog/index.html', 'blog/page/3/index.html', 'blog/page/index.html', 'blog/tags/index.html', 'blog/authors/index.html', 'blog/search/index.html'],
    removed: {},
  },
  {
    name: 'only pages one folder below blog/: not the blog itself, deeper pages or files',
    site: ['index.html'],
    bucket: ['blog/index.html', 'blog/2025/old/index.html', 'blog/rss.xml', 'blog/post/cover.png', 'news/old/index.html', 'blog-old/post/index.html'],
    removed: {},
  },
  {
    name: 'under a prefix and a base: keys under the prefix, the URL with the base, the line without it',
    site: ['blog/new-slug/index.html'],
    bucket: ['marketing/blog/old-slug/index.html', 'blog/elsewhere/index.html'],
    prefix: 'marketing',
    base: '/marketing/',
    removed: { '/marketing/blog/old-slug/': ['marketing/blog/old-slug/index.html'] },
  },
  {
    name: 'cloudfront layout: the page and its dir and dir/ keys are one URL',
    site: ['blog/new-slug/index.html'],
    bucket: ['blog/old-slug', 'blog/old-slug/', 'blog/old-slug/index.html', 'blog/new-slug', 'blog/new-slug/', 'blog/new-slug/index.html'],
    layout: 'cloudfront',
    removed: { '/blog/old-slug/': ['blog/old-slug', 'blog/old-slug/', 'blog/old-slug/index.html'] },
  },
  {
    name: 'cloudfront layout with a redirect: every key of the old URL is kept',
    site: ['blog/new-slug/index.html', ['blog/old-slug/index.html', 'redirect page']],
    bucket: ['blog/old-slug', 'blog/old-slug/', 'blog/old-slug/index.html'],
    layout: 'cloudfront',
    removed: {},
  },
  {
    name: 'back to the website layout: the dir and dir/ keys go, the page stays',
    site: ['blog/post/index.html'],
    bucket: ['blog/post', 'blog/post/', 'blog/post/index.html'],
    removed: {},
  },
  {
    name: 'a post gone from a bucket last deployed with the cloudfront layout, deployed with the website layout',
    site: ['blog/index.html'],
    bucket: ['blog/index.html', 'blog/post', 'blog/post/', 'blog/post/index.html'],
    removed: { '/blog/post/': ['blog/post', 'blog/post/', 'blog/post/index.html'] },
  },
  {
    name: 'several: sorted by URL',
    site: ['blog/index.html'],
    bucket: ['blog/zeta/index.html', 'blog/alpha/index.html'],
    removed: { '/blog/alpha/': ['blog/alpha/index.html'], '/blog/zeta/': ['blog/zeta/index.html'] },
  },
]

describe('removedPostPages', () => {
  it.each(cases)('$name', ({ site, bucket, layout = 'website', prefix = '', base = '/', removed }) => {
    const files = site.map((entry) => (typeof entry === 'string' ? file(entry) : file(...entry)))
    const plan = planDeploy(files, bucket.map((key) => remote(key)), { prefix, layout, force: false })
    const pages = removedPostPages(plan, { prefix, base })
    expect(Object.fromEntries(pages.map((page) => [page.url, page.keys]))).toEqual(removed)
    for (const page of pages) expect(page.redirectFrom).toBe(`redirectFrom: [${page.url.slice(base.length - 1)}]`)
  })
})

describe('removedPostPages, a site in several locales', () => {
  const removedBy = (site: string[], bucket: string[], layout: Layout = 'website') => {
    const plan = planDeploy(site.map((path) => file(path)), bucket.map((key) => remote(key)), { prefix: '', layout, force: false })
    return Object.fromEntries(removedPostPages(plan, { prefix: '', base: '/' }).map((page) => [page.url, [page.redirectFrom, ...page.keys]]))
  }

  it("guards a locale's post pages as the default's, with the line that keeps one in the translation", () => {
    expect(removedBy(['de/blog/neu/index.html'], ['de/blog/alt/index.html', 'de/blog/neu/index.html', 'pt-br/blog/velho/index.html'])).toEqual({
      '/de/blog/alt/': ['redirectFrom: [/de/blog/alt/]', 'de/blog/alt/index.html'],
      '/pt-br/blog/velho/': ['redirectFrom: [/pt-br/blog/velho/]', 'pt-br/blog/velho/index.html'],
    })
    // A redirect page at the old URL keeps it.
    const withRedirect = planDeploy([file('de/blog/neu/index.html'), file('de/blog/alt/index.html', 'redirect page')], [remote('de/blog/alt/index.html')], { prefix: '', layout: 'website', force: false })
    expect(removedPostPages(withRedirect, { prefix: '', base: '/' })).toEqual([])
  })

  it("guards a dropped locale: its home and its posts, not its blog's own folders or its other pages", () => {
    const bucket = ['index.html', 'de/index.html', 'de/pricing/index.html', 'de/blog/index.html', 'de/blog/page/2/index.html', 'de/blog/tags/rbac/index.html', 'de/blog/zero-trust/index.html', 'de/blog/rss.xml']
    expect(removedBy(['index.html'], bucket)).toEqual({
      '/de/': ["redirects: { '/de/': '/' }", 'de/index.html'],
      '/de/blog/zero-trust/': ['redirectFrom: [/de/blog/zero-trust/]', 'de/blog/zero-trust/index.html'],
    })
    // In the cloudfront layout, with each page's dir and dir/ keys.
    expect(removedBy(['index.html'], ['de', 'de/', 'de/index.html'], 'cloudfront')).toEqual({ '/de/': ["redirects: { '/de/': '/' }", 'de', 'de/', 'de/index.html'] })
  })

  it('takes no other folder for a locale: the default pages, public/ folders, names that are no language', () => {
    const bucket = ['pricing/index.html', 'privacy-policy/index.html', 'terms-of-service/index.html', 'assets/blog/x/index.html', 'images/blog/x/index.html', 'news/blog/x/index.html', 'zz/index.html', 'DE/blog/x/index.html']
    expect(removedBy(['index.html'], bucket)).toEqual({})
  })
})

describe('removedPagesError', () => {
  const pages = (...slugs: string[]) => slugs.map((slug) => ({ url: `/blog/${slug}/`, kind: 'post' as const, redirectFrom: `redirectFrom: [/blog/${slug}/]`, keys: [`blog/${slug}/index.html`] }))
  const home = (code: string) => ({ url: `/${code}/`, kind: 'home' as const, redirectFrom: `redirects: { '/${code}/': '/' }`, keys: [`${code}/index.html`] })

  it('counts the pages, names each URL with the line that keeps it, and the flag that lets them go', () => {
    const error = removedPagesError(pages('old-slug', 'older-slug'), 's3://site')
    expect(error).toBeInstanceOf(KubeSiteError)
    expect(error.code).toBe('DEPLOY_REMOVES_PAGES')
    expect(formatError(error).split('\n')).toEqual([
      'error Refusing to delete 2 published post pages from s3://site that no redirect covers: their URLs would answer 404; nothing was changed',
      '  ✗ /blog/old-slug/  keep it with: redirectFrom: [/blog/old-slug/]',
      '  ✗ /blog/older-slug/  keep it with: redirectFrom: [/blog/older-slug/]',
      "  hint: Add that line to the frontmatter of the post that replaced the page (or map the old path in site.config.ts's redirects), build and deploy again. If the pages are meant to go, pass --allow-removed-pages.",
    ])
  })

  it("names a locale's home as what it is, not as a post, and counts each kind", () => {
    const plan = planDeploy([file('index.html')], ['index.html', 'de/index.html', 'de/blog/zero-trust/index.html'].map((key) => remote(key)), { prefix: '', layout: 'website', force: false })
    const removed = removedPostPages(plan, { prefix: '', base: '/' })
    expect(removed.map(({ url, kind }) => [url, kind])).toEqual([
      ['/de/', 'home'],
      ['/de/blog/zero-trust/', 'post'],
    ])
    expect(removedPagesError(removed, 's3://site').message).toBe(
      'Refusing to delete 1 published home page of a locale and 1 published post page from s3://site that no redirect covers: their URLs would answer 404; nothing was changed',
    )
    const homes = removedPagesError([home('de'), home('fr')], 's3://site')
    expect(homes.message).toBe('Refusing to delete 2 published home pages of locales from s3://site that no redirect covers: their URLs would answer 404; nothing was changed')
    expect(homes.hint).toMatch(/^Give the locale back its place in site\.config\.ts's locales, or add that line to site\.config\.ts's redirects/)
    expect(removedPagesText([home('de')])).toBe('1 published home page of a locale')
  })

  it('speaks of one page as one', () => {
    expect(removedPagesError(pages('old-slug'), 's3://site/marketing').message).toBe(
      'Refusing to delete 1 published post page from s3://site/marketing that no redirect covers: its URL would answer 404; nothing was changed',
    )
  })
})
