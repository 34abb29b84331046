import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildLocaleSearchIndexes } from './buildSearchIndex.ts'
import { indexedPages, shardWasmFiles } from './indexedPages.ts'
import { postsByLocale } from '../generator/stages/startSearch.ts'
import { pageSearchManifestUrl, searchManifestUrl } from '../../pages/_lib/searchManifest.ts'
import { siteLocales } from '../../pages/_lib/locales.ts'
import { ENGLISH, GERMAN, englishPosts, germanPosts } from '../generator/__fixtures__/twoLocales.ts'

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
