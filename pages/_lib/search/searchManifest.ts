// Where the blog's search index lives (cli/search/buildSearchIndex.ts writes it, searchEngine.ts
// reads it): a folder per shard under assets/search/, content-named (immutable once deployed),
// and one small file that lists them, asked for again on every visit (a document to deploy).
import { SEARCH_URL } from '../urls/urls.ts'
import { localizedPath, splitLocalePath, type SiteLocale } from '../locales/locales.ts'

/** The file listing the index's shards, beside the search page. */
export const SEARCH_MANIFEST_URL = `${SEARCH_URL}shards.json`

/**
 * The list of shards of `locale`'s index, beside its search page: each locale has an index of its
 * own posts, in its language (/de/blog/search/shards.json), and a visitor searches the language
 * of the page they are on.
 */
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
  /** Each shard's number, its posts' `shard` filter. */
  numbers: number[]
  /** How many pages each shard's index holds. */
  sizes: number[]
  /**
   * Each shard's pages that search must not show, by Pagefind's id: posts edited or gone since the
   * shard was indexed, whose pages as they are now are in the last shard, of recent edits
   * (cli/search/searchShards.ts). Absent when no shard hides a page.
   */
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
