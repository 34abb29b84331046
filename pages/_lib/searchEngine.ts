import { withBase } from './href.ts'
import { excerptParts, type ExcerptPart } from './searchExcerpt.ts'
import { SEARCH_MANIFEST_URL, type SearchManifest } from './searchManifest.ts'

// The blog's search in the browser: nothing of it loads before a visitor searches (the field gets
// focus, or the search page opens). Then the list of shards (searchManifest.ts), Pagefind's script
// from the first shard's folder, and each other shard merged into it (pagefind.mergeIndex), so
// results are ranked as one index would rank them. Each shard's folder is content-named, so its
// entry file may be cached as long as the rest of it ('metaCacheTag').

/** One result, as a result list shows it. */
export interface SearchHit {
  /** The post's URL, with the base. */
  url: string
  title: string
  /** YYYY-MM-DD. */
  date: string
  excerpt: ExcerptPart[]
  tags: string[]
}

export interface SearchResults {
  /** How many posts match. */
  count: number
  /** The results from `from` to `to` (0-based, `to` excluded), best first. */
  hits(from: number, to: number): Promise<SearchHit[]>
}

export interface SearchEngine {
  /** The posts matching `query` (every word; the last may be the start of one), narrowed to those tagged `tag` (its name). */
  search(query: string, options?: { tag?: string }): Promise<SearchResults>
}

/** Why search cannot run: `dev` (the dev server has no index) or `failed` (the index did not load). */
export class SearchUnavailable extends Error {
  constructor(readonly reason: 'dev' | 'failed', cause?: unknown) {
    super(reason === 'dev' ? 'The dev server has no search index' : 'The search index could not be loaded', { cause })
  }
}

interface PagefindResult {
  data(): Promise<{ url: string; excerpt: string; meta: Record<string, string | undefined>; filters: Record<string, string[] | undefined> }>
}

interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>
  init(): Promise<void>
  mergeIndex(path: string, options: Record<string, unknown>): Promise<void>
  search(query: string | null, options: { filters?: Record<string, string> }): Promise<{ results: PagefindResult[] } | null>
}

let loading: Promise<SearchEngine> | undefined

/** The search engine, loaded on the first call; a failed load is tried again on the next. */
export function loadSearchEngine(): Promise<SearchEngine> {
  loading ??= openEngine().catch((error: unknown) => {
    loading = undefined
    throw error instanceof SearchUnavailable ? error : new SearchUnavailable('failed', error)
  })
  return loading
}

async function openEngine(): Promise<SearchEngine> {
  // `kube-site dev` indexes nothing (a build does, in its own process): it says so, and asks for nothing.
  if (import.meta.env.DEV) throw new SearchUnavailable('dev')
  const response = await fetch(withBase(SEARCH_MANIFEST_URL))
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
  return {
    async search(query, { tag } = {}) {
      const found = await pagefind.search(query.trim() || null, tag ? { filters: { tag } } : {})
      const results = found?.results ?? []
      return {
        count: results.length,
        hits: (from, to) => Promise.all(results.slice(from, to).map(async (result) => hitOf(await result.data()))),
      }
    },
  }
}

function hitOf({ url, excerpt, meta, filters }: Awaited<ReturnType<PagefindResult['data']>>): SearchHit {
  return { url, title: meta.title ?? url, date: meta.date ?? '', excerpt: excerptParts(excerpt), tags: filters.tag ?? [] }
}
