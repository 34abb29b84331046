import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSite, repoRoot } from '../support/buildSite.ts'
import { formatNuErrors, nuErrors } from '../support/nuChecker.ts'
import type { SearchManifest } from '../../pages/_lib/search/searchManifest.ts'

// A site in one language other than English (issue 61, its default locale): every page in it, by
// its <html lang dir>, its og:locale, its dates; its search index stemmed in it; its feeds and
// redirect pages in it. A small site of its own: two posts, one with an update, and a redirect.

const post = (title: string, date: string, extra = '') =>
  `---\ntitle: "${title}"\nexcerpt: "Über ${title}."\nauthor: "Maya Chen"\ndate: ${date}\ntags: [rbac]\n${extra}---\n\nDie Häuser des Clusters laufen.\n`

/** Builds the site in `language` into its own folder; returns a reader of its files. */
async function buildIn(language: string): Promise<{ site: string; out: string; read(path: string): string }> {
  const site = mkdtempSync(join(tmpdir(), `kube-site-language-${language}-`))
  mkdirSync(join(site, 'posts'))
  writeFileSync(join(site, 'posts', 'rollen-pruefen.md'), post('Rollen prüfen', '2025-03-18', 'updated: 2025-04-02\n'))
  writeFileSync(join(site, 'posts', 'netzwerk.md'), post('Netzwerkregeln', '2025-01-05'))
  const config = join(site, 'site.config.ts')
  writeFileSync(
    config,
    `import site from ${JSON.stringify(join(repoRoot, 'site.config.ts'))}\n\nexport default { ...site, site: { ...site.site, language: ${JSON.stringify(language)} }, locales: [], redirects: { '/docs/': '/pricing/' } }\n`,
  )
  const { outDir } = await buildSite({ out: `site-language-${language}`, posts: join(site, 'posts'), config })
  return { site, out: outDir, read: (path) => readFileSync(join(outDir, path), 'utf8') }
}

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)![0]
const ogLocale = (html: string) => /<meta property="og:locale" content="([^"]*)"/.exec(html)?.[1]
const times = (html: string) => [...html.matchAll(/<time dateTime="([^"]+)">([^<]+)<\/time>/g)].map(([, day, text]) => `${day} ${text}`)
/** The languages Pagefind indexed each shard in, as its entry file names them. */
const searchLanguages = (read: (path: string) => string) =>
  (JSON.parse(read('blog/search/shards.json')) as SearchManifest).shards.map((shard) => Object.keys(JSON.parse(read(`${shard.slice(1)}pagefind-entry.json`)).languages))

describe('a site in German', () => {
  let built: Awaited<ReturnType<typeof buildIn>>
  beforeAll(async () => {
    built = await buildIn('de')
  }, 600_000)
  afterAll(() => {
    rmSync(built.site, { recursive: true, force: true })
    rmSync(built.out, { recursive: true, force: true })
  })

  it.each(['index.html', 'pricing/index.html', 'blog/index.html', 'blog/rollen-pruefen/index.html', 'blog/tags/rbac/index.html', '404.html', 'docs/index.html'])('%s is in German, left to right', (page) => {
    expect(htmlTag(built.read(page))).toBe('<html lang="de" dir="ltr">')
  })

  it('names its locale with the likely region, de_DE, for Open Graph', () => {
    expect(ogLocale(built.read('index.html'))).toBe('de_DE')
    expect(ogLocale(built.read('blog/rollen-pruefen/index.html'))).toBe('de_DE')
  })

  it('writes its dates in German, on the post and on the list', () => {
    expect(times(built.read('blog/rollen-pruefen/index.html'))).toEqual(expect.arrayContaining(['2025-03-18 18. März 2025', '2025-04-02 2. April 2025']))
    expect(times(built.read('blog/index.html'))).toEqual(expect.arrayContaining(['2025-03-18 18. März 2025', '2025-01-05 5. Januar 2025']))
  })

  it('has its search index stemmed in German, with the WebAssembly of that language', () => {
    expect(searchLanguages(built.read)).toEqual([['de']])
    const [shard] = (JSON.parse(built.read('blog/search/shards.json')) as SearchManifest).shards
    expect(() => built.read(`${shard!.slice(1)}wasm.de.pagefind`)).not.toThrow()
    expect(() => built.read(`${shard!.slice(1)}wasm.en.pagefind`)).toThrow(/ENOENT/)
  })

  it('says so in its feeds', () => {
    expect(built.read('blog/rss.xml')).toContain('<language>de</language>')
    expect(built.read('blog/atom.xml')).toContain('xml:lang="de"')
  })

  it('is valid HTML (W3C Nu)', async () => {
    const errors = await nuErrors(built.out)
    expect(errors, formatNuErrors(errors)).toEqual([])
  }, 300_000)
})

describe('a site in Arabic', () => {
  let built: Awaited<ReturnType<typeof buildIn>>
  beforeAll(async () => {
    built = await buildIn('ar')
  }, 600_000)
  afterAll(() => {
    rmSync(built.site, { recursive: true, force: true })
    rmSync(built.out, { recursive: true, force: true })
  })

  it.each(['index.html', 'blog/index.html', 'blog/rollen-pruefen/index.html', '404.html', 'docs/index.html'])('%s is right to left', (page) => {
    expect(htmlTag(built.read(page))).toBe('<html lang="ar" dir="rtl">')
  })

  it('has its locale, its dates and its search index in Arabic', () => {
    expect(ogLocale(built.read('index.html'))).toBe('ar_EG')
    expect(times(built.read('blog/rollen-pruefen/index.html'))).toContain(`2025-03-18 ${new Intl.DateTimeFormat('ar', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(Date.UTC(2025, 2, 18))}`)
    expect(searchLanguages(built.read)).toEqual([['ar']])
  })

  it('is valid HTML (W3C Nu)', async () => {
    const errors = await nuErrors(built.out)
    expect(errors, formatNuErrors(errors)).toEqual([])
  }, 300_000)
})
