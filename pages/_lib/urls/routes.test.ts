import { readdirSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PageContext } from 'vike/types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadSiteConfig } from '../../../cli/content/config/loadSiteConfig.ts'
import type { Post } from '../../../cli/content/types.ts'
import { contentIn, localesOf, setSiteContent, type SiteContent } from '../../../cli/generator/siteContent.ts'
import { localeRoute } from '../locales/locales.ts'
import { localeContents } from '../../../cli/generator/localeContents.ts'
import { localeConfigs } from '../../../cli/content/locales/localeConfigs.ts'
import { NOT_FOUND, ROUTES, SITE_ROUTES, localePages, localizedKey, pageKeys, pageUrls, pagesLentBy, sitePageKeys, type ListSizes, type Route, type RoutePage } from './routes.ts'

// The site's routes against what pages/ holds: every page folder, data hook, prerender hook and
// route function is a route's, and gives what the route says. A page or hook that the build's
// plan (cli/generator/prerender/pagePlan.ts) does not see fails here, naming its file.
const repo = fileURLToPath(new URL('../../..', import.meta.url))
const pagesDir = join(repo, 'pages')
const { config } = await loadSiteConfig(join(repo, 'site.config.ts'), repo)

const post = (slug: string, author: string, tags: string[], fields: Partial<Post> = {}): Post => ({
  slug,
  title: `Title ${slug}`,
  excerpt: 'An excerpt.',
  author,
  date: '2025-01-01',
  readTime: '3 min read',
  tags,
  draft: false,
  redirectFrom: [],
  html: `<p>Body of ${slug}</p><img src="/images/${slug}.png" alt="">`,
  sourceFile: `${slug}.md`,
  locale: 'en',
  ...fields,
})

// Newest first; with 2 posts a page, Maya Chen's and rbac's lists have two pages.
const posts = [
  post('one', 'Maya Chen', ['RBAC', 'audit']),
  post('two', 'maya chen', ['rbac'], { draft: true }),
  post('three', 'Daniel Okafor', ['rbac', '日本'], { date: '2099-01-01' }),
  post('four', 'Maya Chen', []),
]
const content: SiteContent = { config: { ...config, blog: { ...config.blog, pageSize: 2, tagPageSize: 2 } }, posts, buildDate: '2025-06-01', includeDrafts: true }
const sizes = content.config.blog
const keysOf = (pages: RoutePage[]) => pages.map((page) => page.key)
const listKeys = (list: readonly Pick<Post, 'slug' | 'author' | 'tags'>[], listSizes: ListSizes) => keysOf(ROUTES.blogList.pages(list, listSizes))

/** The vike files of pages/ that make a page or say which pages there are, by folder (relative to pages/). */
const HOOK = /^\+(Page|data|route)(\.(?:client|server|ssr|shared))?\.(?:tsx?|jsx?|mjs)$/
const hookFiles = new Map<string, { file: string; hook: string; env?: string }[]>()
for (const entry of readdirSync(pagesDir, { recursive: true, withFileTypes: true })) {
  const match = entry.isFile() && HOOK.exec(entry.name)
  if (!match) continue
  const file = join(entry.parentPath, entry.name)
  const folder = relative(pagesDir, dirname(file)).split('\\').join('/')
  hookFiles.set(folder, [...(hookFiles.get(folder) ?? []), { file: relative(repo, file), hook: match[1]!, env: match[2]?.slice(1) }])
}
const hooksOf = (route: Route) => hookFiles.get(route.folder) ?? []
const serverHook = (route: Route, hook: string) => hooksOf(route).find((found) => found.hook === hook && found.env !== 'client')
const load = async (file: string) => ((await import(join(repo, file))) as { default: (pageContext: PageContext) => unknown }).default

setSiteContent(content)
afterAll(() => setSiteContent(undefined))

describe('the routes against pages/', () => {
  it('finds the vike files it looks for', () => {
    expect(hookFiles.get('blog/post')?.map((found) => found.hook).sort()).toEqual(['Page', 'data', 'data', 'route'])
  })

  it.each([...hookFiles].flatMap(([folder, found]) => found.map(({ file }) => [file, folder])))('%s is of a route', (file, folder) => {
    expect(
      SITE_ROUTES.some((route) => route.folder === folder),
      `${file}: no route of pages/_lib/urls/routes.ts has the folder '${folder}' (add it there, or the build's plan never renders it again)`,
    ).toBe(true)
  })

  it.each(SITE_ROUTES.map((route) => [route.folder, route]))('the route of %s has a page, and a data hook exactly when it has data', (folder, route) => {
    expect(serverHook(route, 'Page'), `pages/${folder}: no +Page`).toBeDefined()
    const hook = serverHook(route, 'data')
    expect(hook !== undefined, hook ? `${hook.file}: its route in pages/_lib/urls/routes.ts has no data` : `pages/${folder}: its route has data, but the folder no +data hook`).toBe(route.data !== undefined)
  })

  it.each(SITE_ROUTES.filter((route) => serverHook(route, 'data')).map((route) => [serverHook(route, 'data')!.file, route]))('%s returns what its route gives each page', async (file, route) => {
    const data = await load(file)
    const pages = route.pages(posts, sizes)
    expect(pages.length).toBeGreaterThan(0)
    for (const { key, routeParams } of pages) expect(data({ routeParams } as PageContext), `${file} at ${key}`).toEqual(route.data!(content, routeParams, '/'))
  })

  it.each(SITE_ROUTES.map((route) => [route.folder, route]))('the pages of %s are the ones vike routes', async (folder, route) => {
    const pages = route.pages(posts, sizes)
    const routeFunction = serverHook(route, 'route')
    if (!routeFunction) {
      // A folder vike routes by its path (https://vike.dev/filesystem-routing), or the not-found page.
      const ownPath = folder === '_error' ? NOT_FOUND : folder === 'index' ? '/' : `/${folder}/`
      expect(pages, `pages/${folder}: its route should list the one page vike finds at its path`).toEqual([{ key: ownPath, routeParams: {} }])
      return
    }
    const routeOf = await load(routeFunction.file)
    for (const { key, routeParams } of pages) expect(routeOf({ urlPathname: key } as PageContext), `${routeFunction.file} at ${key}`).toEqual(Object.keys(routeParams).length ? { routeParams } : true)
  })

  it('gives every page one key', () => {
    const keys = pageKeys(posts, sizes)
    expect(new Set(keys).size).toBe(keys.length)
  })
})

describe('the list route', () => {
  const tagged = [
    post('one', 'Maya Chen', ['RBAC', 'audit']),
    post('two', 'maya chen', ['rbac']),
    post('three', 'Daniel Okafor', ['rbac', '日本']),
    post('four', 'Maya Chen', []),
  ]
  it("lists the blog's pages, then each tag's, then each author's, each paginated", () => {
    expect(listKeys(tagged, { pageSize: 2, tagPageSize: 2 })).toEqual([
      '/blog/',
      '/blog/page/2/',
      '/blog/tags/rbac/',
      '/blog/tags/rbac/page/2/',
      '/blog/tags/audit/',
      '/blog/authors/maya-chen/',
      '/blog/authors/maya-chen/page/2/',
      '/blog/authors/daniel-okafor/',
    ])
  })

  it('pages the blog by pageSize and every tag and author by tagPageSize', () => {
    expect(listKeys(tagged, { pageSize: 3, tagPageSize: 1 })).toEqual([
      '/blog/',
      '/blog/page/2/',
      '/blog/tags/rbac/',
      '/blog/tags/rbac/page/2/',
      '/blog/tags/rbac/page/3/',
      '/blog/tags/audit/',
      '/blog/authors/maya-chen/',
      '/blog/authors/maya-chen/page/2/',
      '/blog/authors/maya-chen/page/3/',
      '/blog/authors/daniel-okafor/',
    ])
  })
})

describe('pageUrls', () => {
  it('names every page of a site: the fixed pages, the lists, both indexes, the search page and the posts, sorted', () => {
    expect(pageUrls(posts, { pageSize: 2, tagPageSize: 2 })).toEqual([
      '/',
      '/blog/',
      '/blog/authors/',
      '/blog/authors/daniel-okafor/',
      '/blog/authors/maya-chen/',
      '/blog/authors/maya-chen/page/2/',
      '/blog/four/',
      '/blog/one/',
      '/blog/page/2/',
      '/blog/search/',
      '/blog/tags/',
      '/blog/tags/audit/',
      '/blog/tags/rbac/',
      '/blog/tags/rbac/page/2/',
      '/blog/three/',
      '/blog/two/',
      '/pricing/',
      '/privacy-policy/',
      '/terms-of-service/',
    ])
  })
})

describe('the routes in every locale', () => {
  // English posts, and German ones (posts/de/), with a German config: the site's but for its language.
  const bilingual = { ...content.config, locales: [{ code: 'de' }] }
  const germanPosts = [post('eins', 'Maya Chen', ['rbac']), post('zwei', 'Jonas Weber', ['netzwerk', 'rbac'])]
  const [english, german] = localeContents(localeConfigs(bilingual), posts)
  const site: SiteContent = { ...content, config: bilingual, locales: [english!, { ...german!, posts: germanPosts }] }
  const de = german!.locale
  beforeAll(() => setSiteContent(site))
  afterAll(() => setSiteContent(content))

  it("lists each locale's pages from its own posts, under its prefix, the default's first", () => {
    const keys = keysOf(localePages(ROUTES.blogList, site))
    expect(keys.slice(0, keysOf(ROUTES.blogList.pages(posts, sizes)).length)).toEqual(keysOf(ROUTES.blogList.pages(posts, sizes)))
    expect(keys.filter((key) => key.startsWith('/de/'))).toEqual(['/de/blog/', '/de/blog/tags/rbac/', '/de/blog/tags/netzwerk/', '/de/blog/authors/maya-chen/', '/de/blog/authors/jonas-weber/'])
    expect(localePages(ROUTES.blogPost, site).filter((page) => page.locale === 'de')).toEqual([
      { key: '/de/blog/eins/', routeParams: { slug: 'eins' }, locale: 'de' },
      { key: '/de/blog/zwei/', routeParams: { slug: 'zwei' }, locale: 'de' },
    ])
  })

  it('has the home, pricing and not-found pages in every locale, and a legal page in another locale only where it gives that document its own way', () => {
    expect(keysOf(localePages(ROUTES.home, site))).toEqual(['/', '/de/'])
    expect(keysOf(localePages(ROUTES.pricing, site))).toEqual(['/pricing/', '/de/pricing/'])
    expect(keysOf(localePages(ROUTES.notFound, site))).toEqual([NOT_FOUND, 'de/404'])
    expect(localizedKey(de, NOT_FOUND)).toBe('de/404')
    expect(keysOf(localePages(ROUTES.privacyPolicy, site))).toEqual(['/privacy-policy/'])
    expect(pagesLentBy(bilingual, german!.config)).toEqual(['/privacy-policy/', '/terms-of-service/'])
    const ownPrivacy = { ...german!.config, legal: { ...german!.config.legal, privacyPolicy: { ...german!.config.legal.privacyPolicy, pdf: '/legal/datenschutz.pdf' } } }
    const withOwn: SiteContent = { ...site, locales: [english!, { ...german!, config: ownPrivacy, posts: germanPosts }] }
    expect(keysOf(localePages(ROUTES.privacyPolicy, withOwn))).toEqual(['/privacy-policy/', '/de/privacy-policy/'])
    expect(keysOf(localePages(ROUTES.termsOfService, withOwn))).toEqual(['/terms-of-service/'])
    expect(pagesLentBy(bilingual, ownPrivacy)).toEqual(['/terms-of-service/'])
  })

  it('gives every page of every locale one key', () => {
    const keys = sitePageKeys(site)
    expect(new Set(keys).size).toBe(keys.length)
    expect(keys.length).toBe(pageKeys(posts, sizes).length + pageKeys(germanPosts, sizes).length - 2)
  })

  it.each(SITE_ROUTES.filter((route) => serverHook(route, 'route')).map((route) => [serverHook(route, 'route')!.file, route]))("%s routes the pages of every locale, each by its URL under the locale's prefix", async (file, route) => {
    const routeOf = await load(file)
    const locales = localesOf(site).map((entry) => entry.locale)
    const pages = localePages(route, site)
    expect(pages.some((page) => page.locale === 'de')).toBe(true)
    for (const page of pages) {
      const { urlLogical } = localeRoute(locales, page.key)
      const expected = Object.keys(page.routeParams).length ? { routeParams: page.routeParams } : true
      expect(routeOf({ urlPathname: urlLogical ?? page.key } as PageContext), `${file} at ${page.key}`).toEqual(expected)
    }
  })

  it.each(SITE_ROUTES.filter((route) => serverHook(route, 'data')).map((route) => [serverHook(route, 'data')!.file, route]))("%s reads the content of the page's locale", async (file, route) => {
    const data = await load(file)
    for (const page of localePages(route, site).filter((one) => one.locale === 'de')) {
      expect(data({ routeParams: page.routeParams, locale: de } as PageContext), `${file} at ${page.key}`).toEqual(route.data!(contentIn(site, 'de'), page.routeParams, '/'))
    }
  })
})
