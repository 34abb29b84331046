import { hash } from 'node:crypto'
import { shardOf } from '../../generator/shardOf.ts'
import { postUrl } from '../../../pages/_lib/urls/urls.ts'
import type { PostSummary } from '../../content/types.ts'

// Pagefind cannot update an index, so posts are split into shards by a hash of their URL, indexed and cached apart, merged by the
// browser (searchEngine.ts). 4 shards of 1,000 cost a first query ~200 KB, 16 of 250 548 KB (tests/bench/README.md); edits apart.
export const POSTS_PER_SHARD = 1000
/** At most this many shards: each costs a first query its entry, metadata and a chunk per word. */
export const MAX_SHARDS = 32

/** The number of shards for `posts` posts: a power of two, so a site that grows re-splits rarely. */
export function searchShardCount(posts: number): number {
  let count = 1
  while (count < MAX_SHARDS && count * POSTS_PER_SHARD < posts) count *= 2
  return count
}

/** At most this many posts are indexed apart as recent edits: a few KB for a first query, against re-indexing a 1,000-post shard per edit. */
export const OVERLAY_MAX_POSTS = 50
/** Only a shard of at least this many posts is taken with edits apart; a smaller one is re-indexed whole, off the critical path, as a clean build makes it. */
export const OVERLAY_MIN_SHARD_POSTS = 250

/** A post's URL by its slug, in the locale its index is of: postUrl, or under the locale's prefix (/de/blog/<slug>/). */
export type PostUrl = (slug: string) => string

/** What a post's search document is made from, besides its body (the fields the index shows or filters by). */
export type IndexedPost = Pick<PostSummary, 'slug' | 'title' | 'excerpt' | 'author' | 'date' | 'tags' | 'sourceFile'>

export interface SearchShard {
  /** Names the shard's folder in the cache: a hash of everything its index is made from. */
  key: string
  /** A shard of the blog's posts by their URL, or the recent edits indexed apart from theirs. */
  kind: 'base' | 'edits'
  /** Its posts' `shard` filter: 0 to count - 1 for the shards by URL, count for the edits. */
  number: number
  /** The posts its index is made from, in the order the blog lists them (newest first); none for a shard taken as an earlier build indexed it. */
  posts: IndexedPost[]
  /** Each of those posts' key (entryKey), in the same order. */
  entryKeys: string[]
  /** How many pages its index holds. */
  size: number
  /** The pages of its index that search must not show, by Pagefind's id (a post edited or gone since). */
  hidden: string[]
}

/** What the cache says of a shard it holds (written beside its folder): what its index was made from, and each page's id. */
export interface ShardRecord {
  key: string
  kind: SearchShard['kind']
  /** The index key and the number of shards it was made with. */
  indexKey: string
  count: number
  number: number
  /** Each post's URL: its key (entryKey) and the id Pagefind gave its page. */
  posts: Record<string, [entryKey: string, page: string]>
}

/** A post's source key for the search: the posts stage's (its file and text) with the search's renderer (fingerprint `search`), so that an upgrade indexes again. */
export const searchSourceKey = (sourceKey: (sourceFile: string) => string, renderer: string) => (sourceFile: string) => `${sourceKey(sourceFile)}\0${renderer}`

/** What a post's entry in the index is made from: its URL, the fields results show, its source (its file and text, with the renderer). */
export function entryKey({ slug, title, excerpt, author, date, tags, sourceFile }: IndexedPost, sourceKey: (sourceFile: string) => string): string {
  return hash('sha256', `${JSON.stringify([slug, title, excerpt, author, date, tags])}\0${sourceKey(sourceFile)}`, 'hex').slice(0, 16)
}

const shardKey = (indexKey: string, kind: SearchShard['kind'], count: number, number: number, entryKeys: readonly string[]) =>
  hash('sha256', `${indexKey}\0${kind}\0${count}\0${number}\0${entryKeys.join('\0')}`, 'hex').slice(0, 16)

/** The shards of `posts` with their index keys (Pagefind's version and options, each post's entryKey); empty ones left out. `count`: by default searchShardCount's. */
export function searchShards(posts: readonly IndexedPost[], indexKey: string, sourceKey: (sourceFile: string) => string, count = searchShardCount(posts.length), url: PostUrl = postUrl): SearchShard[] {
  const shards = Array.from({ length: count }, (): IndexedPost[] => [])
  for (const post of posts) shards[shardOf(url(post.slug), count)]!.push(post)
  return shards
    .map((shardPosts, number) => ({ shardPosts, number }))
    .filter(({ shardPosts }) => shardPosts.length > 0)
    .map(({ shardPosts, number }) => {
      const entryKeys = shardPosts.map((post) => entryKey(post, sourceKey))
      return { key: shardKey(indexKey, 'base', count, number, entryKeys), kind: 'base' as const, number, posts: shardPosts, entryKeys, size: shardPosts.length, hidden: [] }
    })
}

/** The shards of a build's index given the cache: a shard whose posts changed since a cached index is taken as it with those pages hidden, the posts in an index of recent edits (shards of `minShardPosts` or more); past OVERLAY_MAX_POSTS, re-indexed whole. */
export function planSearchShards(
  posts: readonly IndexedPost[],
  indexKey: string,
  sourceKey: (sourceFile: string) => string,
  cached: (key: string) => boolean,
  records: () => readonly ShardRecord[],
  { count = searchShardCount(posts.length), minShardPosts = OVERLAY_MIN_SHARD_POSTS, url = postUrl }: { count?: number; minShardPosts?: number; url?: PostUrl } = {},
): SearchShard[] {
  const bases = searchShards(posts, indexKey, sourceKey, count, url)
  const missing = bases.filter((shard) => !cached(shard.key) && shard.posts.length >= minShardPosts)
  if (missing.length === 0) return bases
  const known = records().filter((record) => record.kind === 'base' && record.indexKey === indexKey && record.count === count && cached(record.key))
  // For each shard not cached, the cached index the fewest posts differ from (at most a quarter of either): posts to index as edits, pages to hide.
  const options = missing.flatMap((shard) => {
    const current = new Map(shard.posts.map((post, at) => [url(post.slug), shard.entryKeys[at]]))
    let best: { shard: SearchShard; record: ShardRecord; edited: number[]; hidden: string[] } | undefined
    for (const record of known.filter((candidate) => candidate.number === shard.number)) {
      const edited = shard.posts.flatMap((post, at) => (record.posts[url(post.slug)]?.[0] === shard.entryKeys[at] ? [] : [at]))
      const hidden = Object.entries(record.posts).flatMap(([url, [key, page]]) => (current.get(url) === key ? [] : [page]))
      // Worth it only for a few of the shard's posts (the cache is shared with other sites and branches).
      if (edited.length * 4 > shard.posts.length || hidden.length * 4 > Object.keys(record.posts).length) continue
      if (!best || edited.length + hidden.length < best.edited.length + best.hidden.length) best = { shard, record, edited, hidden }
    }
    return best ? [best] : []
  })
  options.sort((a, b) => a.edited.length + a.hidden.length - (b.edited.length + b.hidden.length))
  const taken = new Map<number, { record: ShardRecord; edited: number[]; hidden: string[] }>()
  let edits = 0
  let hidden = 0
  for (const option of options) {
    if (edits + option.edited.length > OVERLAY_MAX_POSTS || hidden + option.hidden.length > OVERLAY_MAX_POSTS) break
    edits += option.edited.length
    hidden += option.hidden.length
    taken.set(option.shard.number, option)
  }
  const editKeys = new Map<IndexedPost, string>()
  const shards = bases.map((shard): SearchShard => {
    const reuse = taken.get(shard.number)
    if (!reuse) return shard
    for (const at of reuse.edited) editKeys.set(shard.posts[at]!, shard.entryKeys[at]!)
    return { ...shard, key: reuse.record.key, posts: [], entryKeys: [], size: Object.keys(reuse.record.posts).length, hidden: reuse.hidden }
  })
  // The recent edits, in the order the blog lists them.
  const edited = posts.filter((post) => editKeys.has(post))
  if (edited.length === 0) return shards
  const keys = edited.map((post) => editKeys.get(post)!)
  return [...shards, { key: shardKey(indexKey, 'edits', count, count, keys), kind: 'edits', number: count, posts: edited, entryKeys: keys, size: edited.length, hidden: [] }]
}
