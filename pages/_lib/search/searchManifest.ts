// Where the blog's search index lives (cli/search/buildSearchIndex.ts writes it, searchEngine.ts reads it):
// a content-named folder per shard under assets/search/, and one small file listing them, asked for on every visit.
import { SEARCH_URL } from '../urls/urls.ts'
import { localizedPath, splitLocalePath, type SiteLocale } from '../locales/locales.ts'

/** The file listing the index's shards, beside the search page. */
export const SEARCH_MANIFEST_URL = `${SEARCH_URL}shards.json`

/** The list of shards of `locale`'s index of its own posts, beside its search page (/de/blog/search/shards.json). */
export const searchManifestUrl = (locale: SiteLocale): string => localizedPath(locale, SEARCH_MANIFEST_URL)

/** The list of shards a page searches: its locale's (`path`: the page's URL path, without the base; `locales`: the site's, the default first). */
export const pageSearchManifestUrl = (locales: readonly SiteLocale[], path: string): string => searchManifestUrl(splitLocalePath(locales, path).locale)

/** The folder (a site path) that holds every shard's folder. */
export const SEARCH_ASSETS = '/assets/search/'

/** What blog/search/shards.json holds. */
export interface SearchManifest {
  /** The Pagefind version that wrote the shards. */
  pagefind: string
  /** How many posts the index holds. */
  posts: number
  /** Each shard's folder, a site path ending in '/' (without the base): the first is the primary index. */
  shards: string[]
  /** Each shard's number (its posts' `shard` filter), and how many pages it holds. */
  numbers: number[]
  sizes: number[]
  /** Each shard's pages search must not show, by Pagefind's id: posts edited or gone since, now in the last shard (cli/incremental/search/searchShards.ts). */
  hidden?: string[][]
}

/** The search page's URL for a query and a tag (its slug), without the base. */
export function searchPageUrl(query: string, tag?: string): string {
  const params = new URLSearchParams()
  if (query) params.set('q', query)
  if (tag) params.set('tag', tag)
  const search = params.toString()
  return search ? `${SEARCH_URL}?${search}` : SEARCH_URL
}
