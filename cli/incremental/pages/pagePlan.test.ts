import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadSiteConfig } from '../../content/config/loadSiteConfig.ts'
import type { Post } from '../../content/types.ts'
import { toolRoot } from '../../toolRoot.ts'
import { ROUTES, SITE_ROUTES, type Route } from '../../../pages/_lib/urls/routes.ts'
import { keptPages } from '../../../tests/support/keptPages.ts'
import { dataText, manifestFile, manifestFromText, pageFile, pageHashes, readPreviousOutput, recordedFiles, writeManifest, type Manifest, type PageHashes } from './pagePlan.ts'
import type { WrittenPage } from '../../generator/prerender/pageWriter.ts'
import type { SiteContent } from '../../generator/siteContent.ts'
import { localeContents } from '../../generator/localeContents.ts'
import { localeConfigs } from '../../content/locales/localeConfigs.ts'

const { config } = await loadSiteConfig(join(toolRoot, 'site.config.ts'), toolRoot)
const outDir = mkdtempSync(join(tmpdir(), 'kube-site-plan-test-'))
afterAll(() => rmSync(outDir, { recursive: true, force: true }))

const post = (at: number, fields: Partial<Post> = {}): Post => ({
  slug: `post-${at}`,
  title: `Title ${at}`,
  excerpt: 'An excerpt.',
  author: at % 2 ? 'A. Writer' : 'B. Writer',
  date: `2025-01-${String(28 - (at % 28)).padStart(2, '0')}`,
  readTime: '3 min read',
  tags: [['rbac'], ['rbac', 'network'], ['audit']][at % 3]!,
  draft: false,
  redirectFrom: [],
  html: `<p>Body ${at}</p>`,
  sourceFile: `post-${at}.md`,
  locale: 'en',
  ...fields,
})
const posts = Array.from({ length: 12 }, (_, at) => post(at))
const content = (changed: Post[] = posts, buildDate = '2025-06-01'): SiteContent => ({ config, posts: changed, buildDate, includeDrafts: false, bodiesInserted: true })
// A post's source stands for its file's text: the body here.
const sourceKey = (list: Post[]) => (sourceFile: string) => list.find((one) => one.sourceFile === sourceFile)!.html

/** What the writer says of each page of `planned` it wrote: no stylesheet, but those of `pages` (by the page's file). */
const writtenPages = ({ hashes }: PageHashes, pages: Record<string, WrittenPage> = {}): Map<string, WrittenPage> =>
  new Map([...hashes.keys()].map(pageFile).map((file) => [file, pages[file] ?? { stylesheets: [] }]))

/** The previous build's manifest, as the next build reads it: of a site with the posts `list`, or of the site `site`. */
function recorded(list: Post[], buildDate?: string, site: SiteContent = content(list, buildDate)): Manifest {
  const planned = pageHashes(site, '/', 'bundle', sourceKey(list))
  for (const url of planned.hashes.keys()) {
    mkdirSync(dirname(join(outDir, pageFile(url))), { recursive: true })
    writeFileSync(join(outDir, pageFile(url)), `<p>${url}</p>`)
  }
  writeManifest(planned, outDir, new Map(), writtenPages(planned))
  return readPreviousOutput(outDir).manifest!
}

describe('pageHashes', () => {
  it('gives every page the same hashes from the last build\'s record as from nothing, whatever changed since', () => {
    const edits: [string, Post[], string?][] = [
      ['nothing', posts],
      ['a body', posts.map((one, at) => (at === 4 ? { ...one, html: '<p>Edited</p>' } : one))],
      ['a title', posts.map((one, at) => (at === 4 ? { ...one, title: 'Retitled' } : one))],
      ['a tag', posts.map((one, at) => (at === 7 ? { ...one, tags: ['audit', 'rbac'] } : one))],
      ['a post added', [post(12), ...posts]],
      ['a post gone', posts.slice(1)],
      ['the day', posts, '2025-06-02'],
    ]
    const previous = recorded(posts)
    for (const [what, list, day] of edits) {
      const fromRecord = pageHashes(content(list, day), '/', 'bundle', sourceKey(list), previous)
      const fromNothing = pageHashes(content(list, day), '/', 'bundle', sourceKey(list))
      expect(fromRecord.hashes, what).toEqual(fromNothing.hashes)
      expect(fromRecord.memo, what).toEqual(fromNothing.memo)
    }
  })

  it("changes a post's page alone when its body changes, and the pages that list a post when its title does", () => {
    const before = pageHashes(content(), '/', 'bundle', sourceKey(posts), recorded(posts)).hashes
    const changedPages = (list: Post[]) => {
      const after = pageHashes(content(list), '/', 'bundle', sourceKey(list), recorded(posts)).hashes
      return [...after].filter(([url, hash]) => before.get(url) !== hash).map(([url]) => url)
    }
    expect(changedPages(posts.map((one, at) => (at === 4 ? { ...one, html: '<p>Edited</p>' } : one)))).toEqual(['/blog/post-4/'])
    const retitled = changedPages(posts.map((one, at) => (at === 4 ? { ...one, title: 'Retitled' } : one)))
    expect(retitled).toEqual(expect.arrayContaining(['/blog/post-4/', '/blog/tags/rbac/', '/blog/authors/b-writer/']))
    expect(retitled.length).toBeGreaterThan(3)
  })

  it('starts from nothing when the record is of other inputs or lacks a page', () => {
    const previous = recorded(posts)
    const other: Manifest = { ...previous, pages: new Map(previous.pages).set('/blog/post-4/', { ...previous.pages.get('/blog/post-4/')!, data: 'forged' }) }
    // Same inputs: the record is trusted, page by page.
    expect(pageHashes(content(), '/', 'bundle', sourceKey(posts), other).memo.data.get('/blog/post-4/')).toBe('forged')
    // Another bundle, base or a page without its data: made again.
    expect(pageHashes(content(), '/', 'another bundle', sourceKey(posts), other).memo.data.get('/blog/post-4/')).not.toBe('forged')
    expect(pageHashes(content(), '/docs/', 'bundle', sourceKey(posts), other).memo.data.get('/blog/post-4/')).not.toBe('forged')
    const { data: _, ...withoutData } = other.pages.get('/')!
    const incomplete: Manifest = { ...other, pages: new Map(other.pages).set('/', withoutData) }
    expect(pageHashes(content(), '/', 'bundle', sourceKey(posts), incomplete).memo.data.get('/blog/post-4/')).not.toBe('forged')
  })
})

describe("pageHashes and the site's routes", () => {
  it("hashes the text of what each route's data hook returns, page by page", () => {
    const texts = new Map<object, string>()
    let pages = 0
    for (const route of SITE_ROUTES) {
      for (const { key, routeParams } of route.pages(posts, config.blog)) {
        if (!route.data) continue
        const data = route.data(content(), routeParams, '/')
        expect(dataText(data, texts), key).toBe(JSON.stringify(data))
        pages++
      }
    }
    expect(pages).toBeGreaterThan(posts.length + 5)
  })

  it('makes data into the text JSON.stringify makes, a frozen item shared by several pages into text once', () => {
    const card = Object.freeze({ slug: 'a', title: 'A "quoted" title', status: undefined })
    const texts = new Map<object, string>()
    const cases: unknown[] = [
      undefined,
      null,
      'text',
      [card, card],
      { posts: [card, { slug: 'b' }, undefined, 3], page: 2, scope: undefined, nested: { list: [card] } },
      { posts: [], tags: ['x', card] },
    ]
    for (const data of cases) expect(dataText(data, texts), JSON.stringify(data)).toBe(JSON.stringify(data))
    expect([...texts.keys()]).toEqual([card])
  })

  it('renders again a page whose data reads what changed, whichever page it is', () => {
    // The home page made to show the newest post's title, as a +data hook of its own would.
    const homeShowsPosts = SITE_ROUTES.map((route): Route => (route === ROUTES.home ? { ...route, data: (site) => ({ newest: site.posts[0]!.title }) } : route))
    const retitled = posts.map((one, at) => (at === 0 ? { ...one, title: 'Retitled' } : one))
    const home = (list: Post[], routes?: readonly Route[]) => pageHashes(content(list), '/', 'bundle', sourceKey(list), undefined, routes).hashes.get('/')
    expect(home(retitled, homeShowsPosts)).not.toBe(home(posts, homeShowsPosts))
    // As the site is, the home page has no data: the same edit leaves it as it was.
    expect(home(retitled)).toBe(home(posts))
  })

  it('renders again a legal page alone when the day it shows changes, though no post did', () => {
    const dated = (updated?: string): SiteContent => ({ ...content(), config: { ...config, legal: { ...config.legal, privacyPolicy: { ...config.legal.privacyPolicy, updated } } } })
    const before = pageHashes(dated('2025-01-01'), '/', 'bundle', sourceKey(posts)).hashes
    const after = pageHashes(dated('2025-02-01'), '/', 'bundle', sourceKey(posts), recorded(posts)).hashes
    expect([...after].filter(([url, hash]) => before.get(url) !== hash).map(([url]) => url)).toEqual(['/privacy-policy/'])
  })

  it('renders again, the next day, only the pages that show the day (the fingerprint keys no page by it)', () => {
    const changed = (site: (day: string) => SiteContent, list = posts) => {
      const before = pageHashes(site('2025-06-01'), '/', 'bundle', sourceKey(list)).hashes
      const after = pageHashes(site('2025-06-02'), '/', 'bundle', sourceKey(list), recorded(list, '2025-06-01', site('2025-06-01'))).hashes
      return [...after].filter(([url, hash]) => before.get(url) !== hash).map(([url]) => url)
    }
    // As the site is, no page shows it: each legal document has its own date.
    expect(changed((day) => content(posts, day))).toEqual([])
    // A legal document without one is dated the day of the build.
    const undated = (day: string): SiteContent => ({ ...content(posts, day), config: { ...config, legal: { ...config.legal, privacyPolicy: { ...config.legal.privacyPolicy, updated: undefined } } } })
    expect(changed(undated)).toEqual(['/privacy-policy/'])
    // With --drafts, a post due the next day is shown scheduled until then: its page and its lists.
    const due = [post(12, { date: '2025-06-02' }), ...posts]
    const scheduled = changed((day) => ({ ...content(due, day), includeDrafts: true }), due)
    expect(scheduled).toEqual(expect.arrayContaining(['/blog/post-12/', '/blog/']))
    expect(scheduled).not.toContain('/')
  })

  it('is asked only for pages whose data carries no body, as a build renders them', () => {
    expect(() => pageHashes({ ...content(), bodiesInserted: false }, '/', 'bundle', sourceKey(posts))).toThrow(/Internal error: the page plan/)
  })
})

describe('pageHashes of a site in two locales', () => {
  // The default locale's posts, and German ones (posts/de/): the second translates the first.
  const bilingual = { ...config, locales: [{ code: 'de' }] }
  const german = (at: number, fields: Partial<Post> = {}) => post(at, { slug: `beitrag-${at}`, title: `Titel ${at}`, sourceFile: `de/beitrag-${at}.md`, locale: 'de', ...fields } as Partial<Post>)
  const germanPosts = [german(0), german(1), german(2)]
  const twoLocales = (germans: Post[] = germanPosts): SiteContent => {
    const [english, deutsch] = localeContents(localeConfigs(bilingual), posts)
    return { config: bilingual, posts, locales: [english!, { ...deutsch!, posts: germans }], buildDate: '2025-06-01', includeDrafts: false, bodiesInserted: true }
  }
  const keysOf = (germans?: Post[]) => [...pageHashes(twoLocales(germans), '/', 'bundle', sourceKey([...posts, ...(germans ?? germanPosts)])).hashes.keys()]

  it("keys each locale's pages by their URL under its prefix, and each not-found page by its file", () => {
    const keys = keysOf()
    expect(keys).toEqual(expect.arrayContaining(['/', '/pricing/', '404', '/blog/post-0/', '/de/', '/de/pricing/', 'de/404', '/de/blog/', '/de/blog/beitrag-1/', '/de/blog/tags/rbac/']))
    // The legal pages are the default locale's: German gives them as the default does.
    expect(keys.filter((key) => key.includes('privacy-policy'))).toEqual(['/privacy-policy/'])
    // No German page of an English post, nor an English page of a German one.
    expect(keys).not.toContain('/de/blog/post-0/')
    expect(keys).not.toContain('/blog/beitrag-1/')
    expect(new Set(keys).size).toBe(keys.length)
    expect(pageFile('de/404')).toBe('de/404.html')
    expect(pageFile('/de/blog/beitrag-1/')).toBe('de/blog/beitrag-1/index.html')
  })

  it('renders again, for an edit to a German post, only the German pages that show it', () => {
    const before = pageHashes(twoLocales(), '/', 'bundle', sourceKey([...posts, ...germanPosts])).hashes
    const retitled = germanPosts.map((one, at) => (at === 1 ? { ...one, title: 'Neuer Titel' } : one))
    const after = pageHashes(twoLocales(retitled), '/', 'bundle', sourceKey([...posts, ...retitled])).hashes
    const changed = [...after.keys()].filter((key) => after.get(key) !== before.get(key))
    expect(changed).toContain('/de/blog/beitrag-1/')
    expect(changed).toContain('/de/blog/')
    expect(changed.every((key) => key.startsWith('/de/')), changed.join(' ')).toBe(true)
  })

  it("renders again the German blog list that shows an English post it has not translated when that post's title changes, from the last build's record too", () => {
    // German lists the English posts it has no translation of (listUntranslated): post-0, the newest, is on /de/blog/.
    const listing = (english: Post[], listUntranslated: boolean): SiteContent => {
      const site = { ...config, locales: [{ code: 'de', listUntranslated }] }
      const [en, de] = localeContents(localeConfigs(site), english)
      return { config: site, posts: english, locales: [en!, { ...de!, posts: germanPosts }], buildDate: '2025-06-01', includeDrafts: false, bodiesInserted: true }
    }
    const retitled = posts.map((one, at) => (at === 0 ? { ...one, title: 'Retitled' } : one))
    const changedPages = (listUntranslated: boolean) => {
      const all = (english: Post[]) => [...english, ...germanPosts]
      const before = pageHashes(listing(posts, listUntranslated), '/', 'bundle', sourceKey(all(posts))).hashes
      const previous = recorded(all(posts), undefined, listing(posts, listUntranslated))
      const after = pageHashes(listing(retitled, listUntranslated), '/', 'bundle', sourceKey(all(retitled)), previous).hashes
      return [...after.keys()].filter((key) => after.get(key) !== before.get(key))
    }
    const changed = changedPages(true)
    expect(changed).toEqual(expect.arrayContaining(['/blog/', '/blog/post-0/', '/de/blog/']))
    // The German tags, authors and posts show German posts alone.
    expect(changed.filter((key) => key.startsWith('/de/'))).toEqual(['/de/blog/'])
    expect(changedPages(false).filter((key) => key.startsWith('/de/'))).toEqual([])
  })
})

describe('the manifest', () => {
  it('gives back what a build recorded, and keeps a page taken over as it was recorded', () => {
    const planned = pageHashes(content(), '/', 'bundle', sourceKey(posts))
    const previous = recorded(posts)
    expect([...previous.pages.keys()]).toEqual([...planned.hashes.keys()])
    expect(previous.inputs).toBe(planned.memo.inputs)
    for (const [url, page] of previous.pages) {
      expect(page.hash).toBe(planned.hashes.get(url))
      expect(page.data).toBe(planned.memo.data.get(url))
      expect(recordedFiles(page).map(([file]) => file)).toEqual([pageFile(url)])
    }
    const reused = keptPages(planned.hashes, readPreviousOutput(outDir))
    expect(reused.urls).toEqual([...planned.hashes.keys()])
    // Written again with every page taken over: the same text, no file looked at.
    const before = readFileSync(manifestFile(outDir), 'utf8')
    rmSync(join(outDir, 'index.html'))
    writeManifest(planned, outDir, reused.pages)
    expect(readFileSync(manifestFile(outDir), 'utf8')).toBe(before)
  })

  it("records where a post's body is in its page, and keeps it with a page taken over", () => {
    const planned = pageHashes(content(), '/', 'bundle', sourceKey(posts))
    recorded(posts)
    writeManifest(planned, outDir, new Map(), writtenPages(planned, { 'blog/post-3/index.html': { stylesheets: [], body: [120, 45] } }))
    const previous = readPreviousOutput(outDir)
    expect(previous.manifest!.pages.get('/blog/post-3/')!.body).toEqual([120, 45])
    expect(previous.manifest!.pages.get('/blog/post-4/')!.body).toBeUndefined()
    writeManifest(planned, outDir, keptPages(planned.hashes, previous).pages)
    expect(readPreviousOutput(outDir).manifest!.pages.get('/blog/post-3/')!.body).toEqual([120, 45])
  })

  it('records with each page the stylesheets the writer says it links, each with its size, and not one that is missing', () => {
    const planned = pageHashes(content(), '/', 'bundle', sourceKey(posts))
    recorded(posts)
    mkdirSync(join(outDir, 'assets', 'static'), { recursive: true })
    writeFileSync(join(outDir, 'assets', 'static', 'shared.css'), 'a{}')
    writeFileSync(join(outDir, 'assets', 'static', 'blog.css'), 'p{color:red}')
    const stylesheets = (...names: string[]) => ({ stylesheets: names.map((name) => `assets/static/${name}.css`) })
    writeManifest(planned, outDir, new Map(), writtenPages(planned, { 'blog/post-3/index.html': stylesheets('shared', 'blog'), 'blog/post-4/index.html': stylesheets('shared', 'gone') }))
    const pages = readPreviousOutput(outDir).manifest!.pages
    const linked = (url: string) => recordedFiles(pages.get(url)!).filter(([file]) => file.endsWith('.css')).map(([file, size]) => [file, size])
    expect(linked('/blog/post-3/')).toEqual([['assets/static/shared.css', 3], ['assets/static/blog.css', 12]])
    expect(linked('/blog/post-4/')).toEqual([['assets/static/shared.css', 3]])
    expect(linked('/blog/post-5/')).toEqual([])
    // A rebuild that takes the page over keeps them with it.
    const reused = keptPages(planned.hashes, readPreviousOutput(outDir))
    expect(reused.urls).toContain('/blog/post-3/')
    expect([...reused.files]).toEqual(expect.arrayContaining([['assets/static/shared.css', 3], ['assets/static/blog.css', 12]]))
  })

  it('leaves out a page the writer did not say what it links of (written unsecured, or not by it), which is then made again', () => {
    const planned = pageHashes(content(), '/', 'bundle', sourceKey(posts))
    recorded(posts)
    const written = writtenPages(planned, { 'blog/post-3/index.html': { body: [120, 45] } })
    written.delete('blog/post-4/index.html')
    writeManifest(planned, outDir, new Map(), written)
    const previous = readPreviousOutput(outDir)
    expect([...planned.hashes.keys()].filter((url) => !previous.manifest!.pages.has(url))).toEqual(['/blog/post-3/', '/blog/post-4/'])
    expect(keptPages(planned.hashes, previous).urls).not.toContain('/blog/post-3/')
  })

  it('is of no use for another output folder, in another format, or written twice for a page', () => {
    recorded(posts)
    const text = readFileSync(manifestFile(outDir), 'utf8')
    expect(manifestFromText(outDir, text)?.pages.size).toBeGreaterThan(0)
    expect(manifestFromText(`${outDir}-other`, text)).toBeUndefined()
    expect(manifestFromText(outDir, JSON.stringify({ outDir, pages: {} }))).toBeUndefined()
    const [header, first] = text.split('\n')
    expect(manifestFromText(outDir, [header, first, first].join('\n'))).toBeUndefined()
  })

  it('leaves out a page whose URL it cannot hold, which is then made again', () => {
    const planned = pageHashes(content(), '/', 'bundle', sourceKey(posts))
    recorded(posts)
    const odd = '/blog/a\tb/'
    const withOdd = { ...planned, hashes: new Map(planned.hashes).set(odd, 'hash') }
    mkdirSync(join(outDir, 'blog', 'a\tb'), { recursive: true })
    writeFileSync(join(outDir, 'blog', 'a\tb', 'index.html'), '<p>odd</p>')
    writeManifest(withOdd, outDir, new Map(), writtenPages(withOdd))
    const previous = readPreviousOutput(outDir)
    expect(previous.manifest!.pages.has(odd)).toBe(false)
    expect(keptPages(withOdd.hashes, previous).urls).toEqual([...planned.hashes.keys()])
  })
})
