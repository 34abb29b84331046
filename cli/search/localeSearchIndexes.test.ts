import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildLocaleSearchIndexes } from './buildSearchIndex.ts'
import { indexedPages, shardWasmFiles } from './indexedPages.ts'
import { postsByLocale } from '../generator/stages/startSearch.ts'
import { pageSearchManifestUrl, searchManifestUrl } from '../../pages/_lib/search/searchManifest.ts'
import { siteLocales } from '../../pages/_lib/locales/locales.ts'
import { ENGLISH, GERMAN, englishPosts, germanPosts } from '../generator/siteFiles/__fixtures__/twoLocales.ts'
import { checkSearchIndex } from '../check/checkSearchIndex.ts'
import type { Page, SiteIndex } from '../check/siteIndex.ts'
import { filesUnder } from '../util/filesUnder.ts'
import { postUrl } from '../../pages/_lib/urls/urls.ts'
import { localizedPath } from '../../pages/_lib/locales/locales.ts'

// The search of a site in two locales: an index per locale, of its posts only, stemmed in its
// language, each post by its page in that locale; and the list of shards a page loads is its locale's.

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

const bodies = new Map([...englishPosts, ...germanPosts].map((post) => [post.sourceFile, post.html]))

describe('buildLocaleSearchIndexes', () => {
  it("makes each locale an index of its own posts, in its language, by their pages' URLs in that locale; cached by content as one language's", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'kube-site-locale-search-'))
    folders.push(cacheDir)
    const input = () => ({ locales: postsByLocale([ENGLISH, GERMAN], [...germanPosts, ...englishPosts]), body: async (file: string) => bodies.get(file)!, sourceKey: (file: string) => file, cacheDir })
    const [english, german] = await buildLocaleSearchIndexes(input())
    const urls = (index: typeof english) => index!.shards.flatMap((shard) => indexedPages(shard.dir).map(([, url]) => url)).sort()
    expect(urls(english)).toEqual(['/blog/english-only/', '/blog/network-policies/', '/blog/zero-trust/'])
    expect(urls(german)).toEqual(['/de/blog/netzwerkrichtlinien/', '/de/blog/nur-auf-deutsch/', '/de/blog/zero-trust/'])
    expect(german!.manifest.posts).toBe(3)
    // Stemmed in its language: each shard loads its language's WebAssembly.
    const wasm = (index: typeof english) => index!.shards.flatMap((shard) => shardWasmFiles(readFileSync(join(shard.dir, 'pagefind-entry.json'), 'utf8')))
    expect(wasm(english)).toEqual(['wasm.en.pagefind'])
    expect(wasm(german)).toEqual(['wasm.de.pagefind'])
    expect(german!.manifest.shards[0]).not.toBe(english!.manifest.shards[0])
    expect([english!.indexed, german!.indexed]).toEqual([
      { shards: 1, posts: 3 },
      { shards: 1, posts: 3 },
    ])
    // The same content again: both from the cache, nothing indexed.
    const again = await buildLocaleSearchIndexes(input())
    expect(again.map((index) => index.indexed)).toEqual([
      { shards: 0, posts: 0 },
      { shards: 0, posts: 0 },
    ])
    expect(again.map((index) => index.manifest)).toEqual([english!.manifest, german!.manifest])
    expect(readdirSync(cacheDir).filter((name) => !name.endsWith('.json'))).toHaveLength(2)
  }, 120_000)
})

describe('postsByLocale', () => {
  it("gives each locale the posts written in it, in the blog's order, and the default a post without a locale", () => {
    const unmarked = { ...englishPosts[0]!, locale: undefined, slug: 'unmarked' }
    const grouped = postsByLocale([ENGLISH, GERMAN], [germanPosts[0]!, englishPosts[1]!, unmarked, germanPosts[2]!])
    expect(grouped.map(({ locale, posts }) => [locale.code, posts.map((post) => post.slug)])).toEqual([
      ['en', ['network-policies', 'unmarked']],
      ['de', ['nur-auf-deutsch', 'netzwerkrichtlinien']],
    ])
  })
})

describe('the list of shards a page searches', () => {
  it("is its locale's, beside that locale's search page", () => {
    const locales = siteLocales({ language: 'en' }, [{ code: 'de' }, { code: 'pt-BR' }])
    expect(searchManifestUrl(GERMAN)).toBe('/de/blog/search/shards.json')
    expect(pageSearchManifestUrl(locales, '/blog/search/')).toBe('/blog/search/shards.json')
    expect(pageSearchManifestUrl(locales, '/de/blog/netzwerkrichtlinien/')).toBe('/de/blog/search/shards.json')
    expect(pageSearchManifestUrl(locales, '/pt-br/blog/')).toBe('/pt-br/blog/search/shards.json')
    // A post whose slug starts like a locale is the default's.
    expect(pageSearchManifestUrl(locales, '/blog/de/')).toBe('/blog/search/shards.json')
  })
})

describe('check, a site in two locales', () => {
  it("checks each locale's search index against that locale's posts", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'kube-site-locale-search-'))
    const outDir = mkdtempSync(join(tmpdir(), 'kube-site-locale-check-'))
    folders.push(cacheDir, outDir)
    const locales = postsByLocale([ENGLISH, GERMAN], [...germanPosts, ...englishPosts])
    const indexes = await buildLocaleSearchIndexes({ locales, body: async (file) => bodies.get(file)!, sourceKey: (file) => file, cacheDir })
    // The output as a build places it: each shard's folder, each locale's list and search page, each post's page.
    const urls: string[] = []
    locales.forEach(({ locale, posts }, at) => {
      const { manifest, shards } = indexes[at]!
      shards.forEach((shard, number) => cpSync(shard.dir, join(outDir, manifest.shards[number]!), { recursive: true }))
      mkdirSync(join(outDir, localizedPath(locale, '/blog/search/')), { recursive: true })
      writeFileSync(join(outDir, searchManifestUrl(locale)), JSON.stringify(manifest))
      writeFileSync(join(outDir, localizedPath(locale, '/blog/search/index.html')), '')
      urls.push(...posts.map((post) => localizedPath(locale, postUrl(post.slug))))
    })
    const site = (): SiteIndex =>
      ({
        base: '/',
        origin: 'https://kubeguard.dev',
        keys: new Set(filesUnder(outDir).map((file) => `/${file.split('\\').join('/')}`)),
        pages: new Map(urls.map((url): [string, Page] => [url, { key: `${url}index.html`, url, facts: {} } as unknown as Page])),
      }) as SiteIndex
    expect(await checkSearchIndex(outDir, site())).toEqual([])
    // A German post the German index lacks is reported there, and only there.
    const german = indexes[1]!
    const shard = join(outDir, german.manifest.shards[0]!)
    const [page] = indexedPages(shard).filter(([, url]) => url === '/de/blog/zero-trust/')
    rmSync(join(shard, 'fragment', `${page![0]}.pf_fragment`))
    const findings = await checkSearchIndex(outDir, site())
    expect(findings.map((found) => [found.code, found.page])).toEqual([['SEARCH_INDEX_INCOMPLETE', '/de/blog/zero-trust/']])
    // Its list gone: the German search page is the one that cannot search.
    rmSync(join(outDir, 'de', 'blog', 'search', 'shards.json'))
    expect((await checkSearchIndex(outDir, site())).map((found) => [found.code, found.page, found.target])).toEqual([['SEARCH_INDEX_MISSING', '/de/blog/search/', '/de/blog/search/shards.json']])
  }, 120_000)
})
