import { withBase } from '../urls/href.ts'
import { excerptParts, type ExcerptPart } from './searchExcerpt.ts'
import { matchesEveryWord, queryWords } from './searchMatches.ts'
import { siteLocales } from 'virtual:kube-site/config'
import { SEARCH_MANIFEST_URL, pageSearchManifestUrl, type SearchManifest } from './searchManifest.ts'

// The blog's search in the browser, loaded when a visitor first searches: the list of shards (searchManifest.ts), Pagefind's script from the first shard, the
// others merged into it so results rank as one index's. Shard folders are content-named, so their entry files may be cached ('metaCacheTag').

/** One result, as a result list shows it: the post's URL (with the base), its title, date (YYYY-MM-DD), excerpt and tags. */
export interface SearchHit { url: string; title: string; date: string; excerpt: ExcerptPart[]; tags: string[] }

export interface SearchResults {
  /** How many posts match (exact once every result is read: see shardResults). */
  readonly count: number
  /** The results from `from` to `to` (0-based, `to` excluded), best first. */
  hits(from: number, to: number): Promise<SearchHit[]>
}

export interface SearchEngine {
  /** The posts matching `query` (every word; the last may be the start of one), narrowed to those tagged `tag` (its name). */
  search(query: string, options?: { tag?: string }): Promise<SearchResults>
}

/** Why search cannot run: `dev` (the dev server has no index) or `failed` (the index did not load). */
export class SearchUnavailable extends Error {
  readonly reason: 'dev' | 'failed'

  constructor(reason: 'dev' | 'failed', cause?: unknown) {
    super(reason === 'dev' ? 'The dev server has no search index' : 'The search index could not be loaded', { cause })
    this.reason = reason
  }
}

interface PagefindData {
  url: string
  excerpt: string
  /** The page's text (with < and > escaped) and the positions of its words that matched. */
  raw_content: string
  locations: number[]
  meta: Record<string, string | undefined>
  filters: Record<string, string[] | undefined>
}

interface PagefindResult {
  /** The page's id in its index (its fragment's name). */
  id: string
  score: number
  data(): Promise<PagefindData>
}

interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>
  init(): Promise<void>
  mergeIndex(path: string, options: Record<string, unknown>): Promise<void>
  /** `filters` of the answer: how many results have each value of each filter. */
  search(query: string | null, options: { filters?: Record<string, string> }): Promise<{ results: PagefindResult[]; filters?: Record<string, Record<string, number>> } | null>
}

// One engine per list of shards: a locale's index (searchManifest.ts searchManifestUrl).
const loading = new Map<string, Promise<SearchEngine>>()

/** The search engine of the page at `pagePath` (its URL path, without the base): its locale's index, the language the visitor reads. */
export function loadPageSearchEngine(pagePath: string): Promise<SearchEngine> {
  return loadSearchEngine(pageSearchManifestUrl(siteLocales, pagePath))
}

/** The search engine of the index listed at `manifestUrl` (default: the default locale's), loaded on the first call; a failed load is tried again on the next. */
export function loadSearchEngine(manifestUrl = SEARCH_MANIFEST_URL): Promise<SearchEngine> {
  const known = loading.get(manifestUrl)
  if (known) return known
  const opened = openEngine(manifestUrl).catch((error: unknown) => {
    loading.delete(manifestUrl)
    throw error instanceof SearchUnavailable ? error : new SearchUnavailable('failed', error)
  })
  loading.set(manifestUrl, opened)
  return opened
}

async function openEngine(manifestUrl: string): Promise<SearchEngine> {
  // `kube-site dev` indexes nothing (a build does, in its own process): it says so, and asks for nothing.
  if (import.meta.env.DEV) throw new SearchUnavailable('dev')
  const response = await fetch(withBase(manifestUrl))
  if (!response.ok) throw new SearchUnavailable('failed')
  const manifest = (await response.json()) as SearchManifest
  const [primary, ...others] = manifest.shards.map(withBase)
  if (!primary) return { search: async () => ({ count: 0, hits: async () => [] }) }
  const pagefind = (await import(/* @vite-ignore */ `${primary}pagefind.js`)) as Pagefind
  // Result URLs are site paths: Pagefind puts the base before them.
  const shared = { baseUrl: withBase('/'), metaCacheTag: manifest.pagefind }
  await pagefind.options({ ...shared, basePath: primary, excerptLength: 24 })
  await pagefind.init()
  for (const path of others) await pagefind.mergeIndex(path, shared)
  const shards = manifest.numbers.map((number, at): Shard => ({ filter: String(number), size: manifest.sizes[at]!, hidden: new Set(manifest.hidden?.[at]) }))
  // A shard may hold pages of posts edited or gone since (now in the shard of recent edits): searched apart, they are left out.
  const hides = shards.some((shard) => shard.hidden.size > 0)
  // Pagefind counts a filter's values in its answers once it has loaded the filter: this search loads the shard filter.
  if (shards.length > 1) await pagefind.search(null, { filters: { shard: shards[0]!.filter } })
  return {
    async search(query, { tag } = {}) {
      const words = queryWords(query)
      const filters: Record<string, string> = tag ? { tag } : {}
      if (shards.length === 1 || (words.length === 0 && !hides)) {
        const found = await pagefind.search(query.trim() || null, { filters })
        return shardResults(found?.results ?? [], words)
      }
      if (words.length === 0) return shardResults((await Promise.all(shards.map((shard) => shown(pagefind, shard, null, filters)))).flat(), words)
      return shardResults(await rankedAcrossShards(pagefind, shards, query, words, filters), words)
    },
  }
}

/** A shard's `shard` filter, its number of pages and those it must not show. */
interface Shard { filter: string; size: number; hidden: ReadonlySet<string> }

/** What a search of one shard finds, without the pages it must not show. */
async function shown(pagefind: Pagefind, shard: Shard, query: string | null, filters: Record<string, string>): Promise<PagefindResult[]> {
  const found = await pagefind.search(query, { filters: { ...filters, shard: shard.filter } })
  return (found?.results ?? []).filter((result) => !shard.hidden.has(result.id))
}

/** BM25's inverse document frequency, as Pagefind computes it: `total` pages, `containing` of which have the word. */
const idf = (total: number, containing: number) => Math.log((total - containing + 0.5) / (containing + 0.5) + 1)

/**
 * The results of `query` across shards, ranked as one index would rank them: Pagefind scores by a word's rarity in its own index (BM25's IDF),
 * so each shard's scores are rescaled by the words' IDF in the whole blog over that in the shard (from the filter counts every search returns).
 */
async function rankedAcrossShards(pagefind: Pagefind, shards: Shard[], query: string, words: string[], filters: Record<string, string>): Promise<PagefindResult[]> {
  const perWord = await Promise.all(words.map(async (word) => (await pagefind.search(word, {}))?.filters?.shard ?? {}))
  const total = shards.reduce((sum, shard) => sum + shard.size, 0)
  const everywhere = perWord.reduce((sum, counts) => sum + idf(total, Object.values(counts).reduce((all, count) => all + count, 0)), 0)
  const ranked = await Promise.all(
    shards.map(async (shard) => {
      const found = await shown(pagefind, shard, query.trim(), filters)
      const here = perWord.reduce((sum, counts) => sum + idf(shard.size, counts[shard.filter] ?? 0), 0)
      const scale = here > 0 ? everywhere / here : 1
      return found.map((result) => ({ result, score: result.score * scale }))
    }),
  )
  return ranked.flat().sort((a, b) => b.score - a.score).map(({ result }) => result)
}

/** Results read beyond those asked for (each a small file: a page's text), in case some are left out. */
const AHEAD = 2
/** A query word no result among this many matched by one of its forms is taken for one no post has. */
const LOOK_FOR_WORDS = 30

/**
 * The results of a search across shards, as one index would give them: those a shard found only by
 * Pagefind's fallback (searchMatches.ts) are left out as read; the count is exact once all are read.
 */
function shardResults(results: PagefindResult[], words: string[]): SearchResults {
  const read: (PagefindData | undefined)[] = []
  const kept: PagefindData[] = []
  let dropped = 0
  let next = 0
  let fallbackOnly = false
  const readMore = async (wanted: number) => {
    const batch = results.slice(next, next + wanted + AHEAD)
    const start = next
    next += batch.length
    const data = await Promise.all(batch.map((result) => result.data()))
    data.forEach((item, at) => (read[start + at] = item))
    for (const item of data) {
      if (fallbackOnly || matchesEveryWord(words, item.raw_content, item.locations)) kept.push(item)
      else dropped++
    }
    // Nothing matched a word by its forms: no post has it, and Pagefind's fallback is what one index gives.
    if (!fallbackOnly && kept.length === 0 && next >= Math.min(results.length, LOOK_FOR_WORDS)) {
      fallbackOnly = true
      kept.push(...(read.filter(Boolean) as PagefindData[]))
      dropped = 0
    }
  }
  return {
    get count() {
      return results.length - dropped
    },
    async hits(from, to) {
      while (kept.length < to && next < results.length) await readMore(to - kept.length)
      return kept.slice(from, to).map(hitOf)
    },
  }
}

function hitOf({ url, excerpt, meta, filters }: PagefindData): SearchHit {
  return { url, title: meta.title ?? url, date: meta.date ?? '', excerpt: excerptParts(excerpt), tags: filters.tag ?? [] }
}
