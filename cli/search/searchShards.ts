import { createHash } from 'node:crypto'
import { shardOf } from '../generator/shardOf.ts'
import { postUrl } from '../../pages/_lib/urls.ts'
import type { PostSummary } from '../content/types.ts'

// How the blog's posts are split into search indexes (one decision, here). Pagefind cannot update
// an index in place, so a post's edit means indexing again every post of its index: the posts are
// split into shards by a stable hash of their URL, each indexed and cached apart, and the browser
// merges them (pagefind.mergeIndex; pages/_lib/searchEngine.ts ranks across them as one index
// would). More shards make a rebuild index fewer posts, and a first query fetch more: each shard
// a chunk of its word index (about 27 KB) for each word. Measured at 4,000 posts of the shared
// corpus (tests/bench/README.md, "Search"): 16 shards of 250 cost a first query 548 KB (target
// 300); 4 of 1,000, about 200 KB, and a one-post rebuild indexes 1,000 posts again beside the
// build. A site of up to 1,000 posts is one index.
/** About how many posts a shard holds. */
export const POSTS_PER_SHARD = 1000
/** At most this many shards: each costs a first query its entry, metadata and a chunk per word. */
export const MAX_SHARDS = 32

/** The number of shards for `posts` posts: a power of two, so a site that grows re-splits rarely. */
export function searchShardCount(posts: number): number {
  let count = 1
  while (count < MAX_SHARDS && count * POSTS_PER_SHARD < posts) count *= 2
  return count
}

/** What a post's search document is made from, besides its body (the fields the index shows or filters by). */
export type IndexedPost = Pick<PostSummary, 'slug' | 'title' | 'excerpt' | 'author' | 'date' | 'tags' | 'sourceFile'>

export interface SearchShard {
  /** Names the shard's folder in the cache: a hash of everything its index is made from. */
  key: string
  /** Which shard it is (0 to count - 1): each of its posts has it as its `shard` filter. */
  number: number
  /** Its posts, in the order the blog lists them (newest first). */
  posts: IndexedPost[]
}

/**
 * The shards of `posts`, each with the key of its index: Pagefind's version and options
 * (`indexKey`), and each post's URL, shown fields and source (`sourceKey`: its file and text, with
 * the renderer). Shards without posts are left out. `count` is the number of shards (by default
 * searchShardCount's; a benchmark or a test compares others).
 */
export function searchShards(posts: readonly IndexedPost[], indexKey: string, sourceKey: (sourceFile: string) => string, count = searchShardCount(posts.length)): SearchShard[] {
  const shards = Array.from({ length: count }, (): IndexedPost[] => [])
  for (const post of posts) shards[shardOf(postUrl(post.slug), count)]!.push(post)
  return shards
    .map((shardPosts, number) => ({ shardPosts, number }))
    .filter(({ shardPosts }) => shardPosts.length > 0)
    .map(({ shardPosts, number }) => {
      const hash = createHash('sha256').update(indexKey).update(`\0${count}\0${number}`)
      for (const { slug, title, excerpt, author, date, tags, sourceFile } of shardPosts) {
        hash.update(`\0${JSON.stringify([slug, title, excerpt, author, date, tags])}\0${sourceKey(sourceFile)}`)
      }
      return { key: hash.digest('hex').slice(0, 16), number, posts: shardPosts }
    })
}
