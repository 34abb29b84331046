import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSite, movedClock, repoRoot, sharedSite } from '../support/buildSite.ts'
import type { SearchManifest } from '../../pages/_lib/search/searchManifest.ts'

// The site as it ships, in English and German (issue 61, "Done when"): the German pages in German,
// their translations linked both ways in the head and the sitemap, the German blog, feeds and
// search with German posts only, the language switcher's way to the original, German cards. Then
// a site with a right-to-left locale and a Japanese post.

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)![0]
const hreflang = (html: string) => [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map(([, lang, href]) => `${lang} ${href}`)
const meta = (html: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1]
/** The links of a page's language switcher: each names its language (hreflang). */
const switcherLinks = (html: string) => [...new Set([...html.matchAll(/<a [^>]*href="([^"]*)" lang="([^"]+)" hrefLang="[^"]+"/g)].map(([, href, lang]) => `${lang} ${href}`))]
/** The posts a list page links to, by their URL. */
const listedPosts = (html: string, root: string) => [...new Set([...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map(([, href]) => href!).filter((href) => new RegExp(`^${root}[^/]+/$`).test(href) && !/\/(tags|authors|search|page)\/$/.test(href)))].sort()

const SITE = 'https://kubeguard.dev'
const ORIGINAL = '/blog/least-privilege-network-policies-from-real-traffic/'
const TRANSLATION = '/de/blog/netzwerkrichtlinien-aus-echtem-datenverkehr/'
const SAME_NAME = 'introducing-ai-agents-that-secure-kubernetes'

describe('the site in English and German', () => {
  let out: string
  let nextDay: string
  const read = (path: string) => readFileSync(join(out, path), 'utf8')
  beforeAll(async () => {
    out = (await sharedSite()).outDir
    // The same sources, built clean with the clock a day later.
    nextDay = (await buildSite({ out: 'multilingual-next-day', cache: false, env: movedClock(1) })).outDir
  }, 600_000)
  afterAll(() => rmSync(nextDay, { recursive: true, force: true }))

  it('writes the same files, byte for byte, when built a day later: nothing is dated by the day of the build', () => {
    const files = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => relative(dir, join(entry.parentPath, entry.name))).sort()
    const today = files(out).filter((file) => !file.startsWith('.kube-site'))
    expect(files(nextDay).filter((file) => !file.startsWith('.kube-site'))).toEqual(today)
    const differing = today.filter((file) => !readFileSync(join(out, file)).equals(readFileSync(join(nextDay, file))))
    expect(differing).toEqual([])
  })

  it("announces only the pages the build wrote: no German legal page (German lends the English ones), in the sitemap or llms.txt", () => {
    const sitemap = read('sitemap.xml')
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname)
    for (const path of locs) expect(existsSync(join(out, path, 'index.html')), path).toBe(true)
    expect(locs).toContain('/privacy-policy/')
    expect(locs.filter((path) => /^\/de\/(privacy-policy|terms-of-service)\//.test(path))).toEqual([])
    const llms = [...read('llms.txt').matchAll(/\]\((https:[^)]+)\)/g)].map(([, href]) => new URL(href!).pathname)
    expect(llms.filter((path) => path.startsWith('/de/privacy-policy') || path.startsWith('/de/terms-of-service'))).toEqual([])
    for (const path of llms) expect(existsSync(join(out, path.endsWith('/') ? `${path}index.html` : path)), path).toBe(true)
  })

  it("dates each German page by its content: a post by its date, a list by its newest post, a page without a date has no lastmod", () => {
    const sitemap = read('sitemap.xml')
    const lastmod = (loc: string) => {
      const entry = new RegExp(`<url>\\s*<loc>${SITE}${loc}</loc>[\\s\\S]*?</url>`).exec(sitemap)?.[0]
      expect(entry, loc).toBeDefined()
      return /<lastmod>([^<]+)<\/lastmod>/.exec(entry!)?.[1]
    }
    expect(lastmod(TRANSLATION)).toBe('2025-03-18')
    expect(lastmod('/de/blog/')).toBe('2025-03-18')
    expect(lastmod('/de/blog/tags/')).toBe('2025-03-18')
    expect([lastmod('/de/'), lastmod('/de/pricing/'), lastmod('/'), lastmod('/pricing/')]).toEqual([undefined, undefined, undefined, undefined])
    expect(lastmod('/privacy-policy/')).toBe('2025-06-01')
  })

  it.each(['de/index.html', 'de/pricing/index.html', 'de/blog/index.html', `${TRANSLATION.slice(1)}index.html`, 'de/404.html'])('%s is in German', (page) => {
    const html = read(page)
    expect(htmlTag(html)).toBe('<html lang="de" dir="ltr">')
    expect(meta(html, 'og:locale')).toBe('de_DE')
  })

  it('says what the pricing and not-found pages are in German', () => {
    expect(read('de/pricing/index.html')).toContain('<title>Preise | KubeGuard</title>')
    expect(read('de/404.html')).toContain('<title>Seite nicht gefunden | KubeGuard</title>')
  })

  it("shows the German home page's demo video with the German poster, whose words are German", () => {
    const poster = /<video [^>]*poster="([^"]+)"/.exec(read('de/index.html'))?.[1]
    expect(poster).toBe('/images/hero-poster.de.svg')
    expect(read(poster!.slice(1))).toContain('>KubeGuard in Aktion erleben</text>')
    expect(/<video [^>]*poster="([^"]+)"/.exec(read('index.html'))?.[1]).toBe('/images/hero-poster.svg')
  })

  it('links a translation and its original both ways, absolute, with x-default, and each page canonical to itself', () => {
    const expected = [`en ${SITE}${ORIGINAL}`, `de ${SITE}${TRANSLATION}`, `x-default ${SITE}${ORIGINAL}`]
    expect(hreflang(read(`${ORIGINAL.slice(1)}index.html`))).toEqual(expected)
    expect(hreflang(read(`${TRANSLATION.slice(1)}index.html`))).toEqual(expected)
    expect(read(`${TRANSLATION.slice(1)}index.html`)).toContain(`<link rel="canonical" href="${SITE}${TRANSLATION}"/>`)
    expect(meta(read(`${TRANSLATION.slice(1)}index.html`), 'og:locale:alternate')).toBe('en_US')
    // A post in English only names no German page.
    expect(hreflang(read('blog/auditing-kubernetes-rbac-without-breaking-deploys/index.html'))).toEqual([])
  })

  it('gives the sitemap the same alternates, and every page of both languages but the search pages', () => {
    const sitemap = read('sitemap.xml')
    const entry = (loc: string) => new RegExp(`<url>\\s*<loc>${SITE}${loc}</loc>[\\s\\S]*?</url>`).exec(sitemap)?.[0] ?? ''
    const alternates = (loc: string) => [...entry(loc).matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href]) => `${lang} ${href}`)
    expect(alternates(TRANSLATION)).toEqual([`en ${SITE}${ORIGINAL}`, `de ${SITE}${TRANSLATION}`, `x-default ${SITE}${ORIGINAL}`])
    expect(alternates('/de/')).toEqual([`en ${SITE}/`, `de ${SITE}/de/`, `x-default ${SITE}/`])
    expect(entry('/blog/auditing-kubernetes-rbac-without-breaking-deploys/')).not.toContain('hreflang')
    expect(sitemap).not.toContain('/blog/search/')
  })

  it('lists only German posts on the German blog, and only English ones on the English blog', () => {
    expect(listedPosts(read('de/blog/index.html'), '/de/blog/')).toEqual([`/de/blog/${SAME_NAME}/`, TRANSLATION])
    expect(listedPosts(read('blog/index.html'), '/blog/').every((href) => !href.startsWith('/de/'))).toBe(true)
    expect(existsSync(join(out, 'de/blog/auditing-kubernetes-rbac-without-breaking-deploys'))).toBe(false)
  })

  it("gives the German feeds the German posts alone, in German", () => {
    const rss = read('de/blog/rss.xml')
    expect(rss).toContain('<language>de</language>')
    const links = [...rss.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map(([, link]) => link)
    expect(links.sort()).toEqual([`${SITE}/de/blog/${SAME_NAME}/`, `${SITE}${TRANSLATION}`])
    expect(read('blog/rss.xml')).not.toContain('/de/blog/')
  })

  it('indexes the German posts alone for the German search page, stemmed in German', () => {
    const manifest = JSON.parse(read('de/blog/search/shards.json')) as SearchManifest
    const languages = manifest.shards.map((shard) => Object.keys(JSON.parse(read(`${shard.slice(1)}pagefind-entry.json`)).languages))
    expect(languages.flat()).toEqual(['de'])
    const english = JSON.parse(read('blog/search/shards.json')) as SearchManifest
    expect(english.shards.some((shard) => manifest.shards.includes(shard))).toBe(false)
  })

  it("leads the switcher from a translation to its original, and from a post in one language to the other's blog", () => {
    expect(switcherLinks(read(`${TRANSLATION.slice(1)}index.html`))).toEqual([`en ${ORIGINAL}`])
    expect(switcherLinks(read('blog/auditing-kubernetes-rbac-without-breaking-deploys/index.html'))).toEqual(['de /de/blog/'])
    expect(switcherLinks(read('de/pricing/index.html'))).toEqual(['en /pricing/'])
  })

  it("writes a German post's markdown twin with its header line in German", () => {
    const line = read(`${TRANSLATION.slice(1)}index.md`).split('\n')[2]!
    expect(line).toMatch(/^Von Maya Chen · \d{4}-\d{2}-\d{2} · (.* · )?Schlagwörter: /)
    expect(read(`${ORIGINAL.slice(1)}index.md`).split('\n')[2]).toMatch(/^By Maya Chen · /)
  })

  it('marks no text of the German pages as English: the German copy and catalog give every text they show', () => {
    // Only the language switcher's link to English (its hrefLang before its dir) names English.
    for (const page of ['de/index.html', 'de/pricing/index.html', 'de/blog/index.html', `${TRANSLATION.slice(1)}index.html`, 'de/404.html']) expect(read(page)).not.toMatch(/ lang="en" dir="ltr"/)
  })

  it('draws the German pages their own cards, from the German copy', () => {
    const german = read('de/index.html')
    expect(meta(german, 'og:image')).not.toBe(meta(read('index.html'), 'og:image'))
    expect(meta(german, 'og:image:alt')).toBe('Kubernetes-Sicherheit, neu gedacht')
  })
})

const REMOTE = 'https://images.example.com'
const AUTHORS = { 'Maya Chen': { role: 'Head of Network Security', bio: 'Maya writes about network policies.' } }
const ARABIC_AUTHORS = { 'Maya Chen': { role: 'رئيسة أمن الشبكات', bio: 'تكتب مايا عن سياسات الشبكة.' } }

describe('a site with a right-to-left locale and a Japanese post', () => {
  let site: string
  let out: string
  const read = (path: string) => readFileSync(join(out, path), 'utf8')
  const post = (title: string, extra = '') => `---\ntitle: "${title}"\nexcerpt: "${title}."\nauthor: "Maya Chen"\ndate: 2025-03-18\ntags: [rbac]\n${extra}---\n\n${title}.\n`
  beforeAll(async () => {
    site = mkdtempSync(join(tmpdir(), 'kube-site-rtl-ja-'))
    for (const folder of ['posts', 'posts/ar', 'posts/ja', 'posts/de']) mkdirSync(join(site, folder))
    writeFileSync(join(site, 'posts', 'roles.md'), post('Checking roles'))
    writeFileSync(join(site, 'posts', 'ar', 'roles.md'), post('التحقق من الأدوار', `image: "${REMOTE}/ar-cover.png"\n`))
    writeFileSync(join(site, 'posts', 'ja', 'kensa.md'), post('クラスターの権限を点検する'))
    // A post of German only, whose covers are on another host.
    writeFileSync(join(site, 'posts', 'de', 'sonde.md'), post('Sonde', `image: "${REMOTE}/probe.png"\nlightImage: "${REMOTE}/probe-light.png"\ndarkImage: "${REMOTE}/probe-dark.png"\n`))
    const config = join(site, 'site.config.ts')
    writeFileSync(config, `import site from ${JSON.stringify(join(repoRoot, 'site.config.ts'))}\n\nexport default { ...site, authors: ${JSON.stringify(AUTHORS)}, locales: [{ code: 'ar', copy: { authors: ${JSON.stringify(ARABIC_AUTHORS)} } }, { code: 'ja' }, { code: 'de' }] }\n`)
    out = (await buildSite({ out: 'site-rtl-ja', posts: join(site, 'posts'), config })).outDir
  }, 600_000)
  afterAll(() => {
    rmSync(site, { recursive: true, force: true })
    rmSync(out, { recursive: true, force: true })
  })

  it("lets every locale's blog pages load the remote covers of the posts they show, by the one blog policy", () => {
    const imgSrc = (page: string) => /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(read(page))![1]!.split(';').map((part) => part.trim()).find((part) => part.startsWith('img-src'))
    for (const page of ['de/blog/index.html', 'de/blog/sonde/index.html', 'de/blog/tags/rbac/index.html', 'de/blog/authors/maya-chen/index.html', 'ar/blog/index.html', 'ar/blog/roles/index.html', 'ar/blog/tags/rbac/index.html']) {
      expect(imgSrc(page), page).toContain(REMOTE)
    }
    expect(read('de/blog/index.html')).toContain(`${REMOTE}/probe-dark.png`)
    // A page that shows no post names no post's host.
    expect(imgSrc('de/index.html') ?? '').not.toContain(REMOTE)
  })

  it('writes the Arabic pages right to left, the Japanese left to right', () => {
    expect(htmlTag(read('ar/index.html'))).toBe('<html lang="ar" dir="rtl">')
    expect(htmlTag(read('ar/blog/roles/index.html'))).toBe('<html lang="ar" dir="rtl">')
    expect(htmlTag(read('ja/blog/kensa/index.html'))).toBe('<html lang="ja" dir="ltr">')
    expect(hreflang(read('ar/blog/roles/index.html'))).toEqual([`en ${SITE}/blog/roles/`, `ar ${SITE}/ar/blog/roles/`, `x-default ${SITE}/blog/roles/`])
  })

  it("says who an author is in the page's language: role and bio from the locale's copy, the name as written; the default's where a locale gives none", () => {
    const arabic = read('ar/blog/authors/maya-chen/index.html')
    expect(arabic).toContain(`>${ARABIC_AUTHORS['Maya Chen'].role}</p>`)
    expect(arabic).toContain(ARABIC_AUTHORS['Maya Chen'].bio)
    expect(arabic).toContain('Maya Chen')
    expect(arabic).not.toContain(AUTHORS['Maya Chen'].role)
    expect(read('blog/authors/maya-chen/index.html')).toContain(`>${AUTHORS['Maya Chen'].role}</p>`)
    expect(read('ja/blog/authors/maya-chen/index.html')).toContain(`>${AUTHORS['Maya Chen'].role}</p>`)
  })

  it('marks what a right-to-left or Japanese page shows in English as English, left to right', () => {
    const role = (page: string) => new RegExp(`<p class="[^"]*"( lang="[^"]+" dir="[^"]+")?>${AUTHORS['Maya Chen'].role}</p>`).exec(read(page))?.[1]
    // Japanese gives no copy: the role is the default's, English.
    expect(role('ja/blog/authors/maya-chen/index.html')).toBe(' lang="en" dir="ltr"')
    expect(read('ar/blog/authors/maya-chen/index.html')).toContain(`">${ARABIC_AUTHORS['Maya Chen'].role}</p>`)
    expect(read('ar/blog/authors/maya-chen/index.html')).not.toContain(`dir="ltr">${ARABIC_AUTHORS['Maya Chen'].role}`)
    // Arabic has no catalog: its interface strings are English; Japanese has its own.
    expect(read('ar/blog/roles/index.html')).toContain('<a class="skip-link" href="#main" lang="en" dir="ltr">Skip to content</a>')
    expect(read('ar/index.html')).toMatch(/<h1 id="hero-title" [^>]* lang="en" dir="ltr">Kubernetes Security/)
    expect(read('ja/blog/kensa/index.html')).toContain('<a class="skip-link" href="#main">本文へスキップ</a>')
  })

  it("draws the Japanese post's card in Japanese, its own file", async () => {
    const card = meta(read('ja/blog/kensa/index.html'), 'og:image')!
    expect(card).toMatch(/\/assets\/og\/post-[0-9a-f]{16}\.png$/)
    expect(meta(read('ja/blog/kensa/index.html'), 'og:image:alt')).toBe('クラスターの権限を点検する')
    const { width, height } = await sharp(join(out, new URL(card).pathname)).metadata()
    expect([width, height]).toEqual([1200, 630])
    expect(card).not.toBe(meta(read('blog/roles/index.html'), 'og:image'))
  })
})
