import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join, sep } from 'node:path'
import { filesUnder } from '../util/filesUnder.ts'
import { mapConcurrent } from '../util/mapConcurrent.ts'
import { temporaryFileName } from '../util/writeFileAtomic.ts'
import { localePostUrl, type SiteLocale } from '../../pages/_lib/locales/locales.ts'
import { SEARCH_ASSETS, type SearchManifest } from '../../pages/_lib/search/searchManifest.ts'
import { indexedPages, shardWasmFiles } from './indexedPages.ts'
import { openPagefind, searchError, type PagefindRunner } from './pagefindRunner.ts'
import { searchDocument } from './searchDocument.ts'
import { planSearchShards, searchShardCount, type IndexedPost, type PostUrl, type SearchShard, type ShardRecord } from '../incremental/search/searchShards.ts'
import { openShardStore, PAGEFIND_VERSION, searchIndexKey } from '../incremental/search/shardStore.ts'

// The blog's search: Pagefind indexes each shard into the cache by key; a build links each into assets/search/<name>/ (named by
// content) and lists them in blog/search/shards.json; a shard with few edits is taken with them hidden and indexed apart.

// What a browser needs of Pagefind's output: script, worker, the language's WebAssembly and the index.
const KEPT = /^(pagefind\.js|pagefind-worker\.js|pagefind-entry\.json|pagefind\.[^/]+\.pf_meta|(index|fragment|filter)\/[^/]+)$/

/** What every index of a build is made with. */
export interface SearchIndexInput {
  /** A post's sanitized body, once rendered. */
  body(sourceFile: string): Promise<string>
  /** A post's source key (its file and text, with the renderer). */
  sourceKey(sourceFile: string): string
  /** Where shards are kept between builds (or a folder of this build's own, without the cache). */
  cacheDir: string
  /** The number of shards, when not searchShardCount's (a benchmark or a test compares others). */
  shardCount?: number
  /** The fewest posts of a shard taken with edits apart, when not OVERLAY_MIN_SHARD_POSTS (a test's small site). */
  editsFrom?: number
}

export interface SearchIndex {
  manifest: SearchManifest
  /** Each shard: its key, its folder in the cache, its folder's name in the output, and its files (relative to it) with their sizes. */
  shards: { key: string; dir: string; name: string; files: [file: string, size: number][] }[]
  /** How many shards, and posts, were indexed (the rest came from the cache). */
  indexed: { shards: number; posts: number }
  /** How many posts are indexed apart from their shards, as recent edits (planSearchShards). */
  edits: number
}

/** The search indexes of a site's locales (`locales`: each with its posts, as the blog of that locale lists them, newest first). */
export interface LocaleSearchInput extends SearchIndexInput {
  locales: readonly { locale: SiteLocale; posts: readonly IndexedPost[] }[]
}

/** An index per locale, only its posts, stemmed in its language (Pagefind ranks no two together); one runner, two shards at a time, each as its bodies render. */
export async function buildLocaleSearchIndexes({ locales, body, sourceKey, cacheDir, shardCount, editsFrom }: LocaleSearchInput): Promise<SearchIndex[]> {
  const store = openShardStore(cacheDir)
  const planned = locales.map(({ locale, posts }) => {
    const url = (slug: string) => localePostUrl(locale, slug)
    const indexKey = searchIndexKey(locale.code, locale.prefix)
    const count = shardCount ?? searchShardCount(posts.length)
    const shards = planSearchShards(posts, indexKey, sourceKey, store.has, store.records, { count, minShardPosts: editsFrom, url })
    return { language: locale.code, url, posts, indexKey, count, shards, missing: shards.filter((shard) => !store.has(shard.key)) }
  })
  store.markUsed(planned.flatMap(({ shards, missing }) => shards.filter((shard) => !missing.includes(shard)).map((shard) => shard.key)))
  // Every shard under way settles before Pagefind's process closes, and only then is a failure thrown.
  const missing = planned.flatMap(({ missing: shards, ...indexed }) => shards.map((shard) => ({ shard, indexed })))
  const runner = missing.length ? openPagefind() : undefined
  try {
    await mapConcurrent(missing, STREAMED_SHARDS, ({ shard, indexed }) => indexShard(shard, body, store, indexed.count, runner!, indexed))
  } finally {
    await runner?.close()
  }
  store.prune(new Set(planned.flatMap(({ shards }) => shards.map((shard) => shard.key))))
  return planned.map(({ posts, shards, missing: indexed }) => {
    // Each folder's name and files as its listing says (listed and measured once, when it is made).
    const made = shards.map(({ key }) => ({ key, dir: store.dir(key), ...store.listing(key) }))
    return {
      manifest: {
        pagefind: PAGEFIND_VERSION,
        posts: posts.length,
        shards: made.map((shard) => `${SEARCH_ASSETS}${shard.name}/`),
        numbers: shards.map((shard) => shard.number),
        sizes: shards.map((shard) => shard.size),
        ...(shards.some((shard) => shard.hidden.length > 0) && { hidden: shards.map((shard) => shard.hidden) }),
      },
      shards: made,
      indexed: { shards: indexed.length, posts: indexed.reduce((sum, shard) => sum + shard.posts.length, 0) },
      edits: shards.find((shard) => shard.kind === 'edits')?.size ?? 0,
    }
  })
}

/** A shard's output folder name, a hash of its entry file: not its key, as Pagefind's bytes vary between runs and browsers keep the files immutable. */
function outputName(dir: string): string {
  return createHash('sha256').update(readFileSync(join(dir, 'pagefind-entry.json'))).digest('hex').slice(0, 16)
}

/** Indexes one shard into the cache, renamed into place whole; posts go in the blog's order, as their bodies come. */
async function indexShard({ key, kind, number, posts, entryKeys }: SearchShard, body: (sourceFile: string) => Promise<string>, store: ReturnType<typeof openShardStore>, count: number, pagefind: PagefindRunner, { language, indexKey, url }: { language: string; indexKey: string; url: PostUrl }): Promise<void> {
  const building = temporaryFileName(store.dir(key))
  try {
    const shard = pagefind.open(language)
    try {
      for (const post of posts) await shard.add(url(post.slug), searchDocument(post, await body(post.sourceFile), { shard: number, language }))
    } catch (error) {
      // Pagefind lets go of the index all the same.
      await shard.write(building).catch(() => {})
      throw error
    }
    await shard.write(building)
    const wasm = new Set(shardWasmFiles(readFileSync(join(building, 'pagefind-entry.json'), 'utf8')))
    for (const file of filesUnder(building)) if (!KEPT.test(file.split(sep).join('/')) && !wasm.has(file)) rmSync(join(building, file))
    for (const entry of readdirSync(building, { withFileTypes: true })) {
      if (entry.isDirectory() && readdirSync(join(building, entry.name)).length === 0) rmSync(join(building, entry.name), { recursive: true })
    }
    // Another build may have made the same shard meanwhile: its folder is the same.
    if (store.has(key)) return
    // What the index holds, before the folder is in place: a folder in the cache always has its record.
    const pages = new Map(indexedPages(building).map(([page, url]) => [url, page]))
    // Every post must be in it: a folder that lost its pages (a cache cleared under this build) is not placed.
    const lost = posts.filter((post) => !pages.has(url(post.slug)))
    if (lost.length) throw searchError(`Pagefind wrote shard ${number} without ${lost.length} of its ${posts.length} posts (${url(lost[0]!.slug)} among them): nothing of it is kept, and the next build indexes it anew.`)
    const record: ShardRecord = { key, kind, indexKey, count, number, posts: Object.fromEntries(posts.map((post, at) => [url(post.slug), [entryKeys[at]!, pages.get(url(post.slug))!]])) }
    store.place(building, record, { name: outputName(building), files: filesUnder(building).map((file): [string, number] => [file, statSync(join(building, file)).size]) })
  } finally {
    rmSync(building, { recursive: true, force: true })
  }
}

/** Shards in Pagefind at once, one a process (PAGEFIND_LANES): it holds each index in memory until written (2.46 GB at 20,000 posts all at once). */
export const STREAMED_SHARDS = 2
