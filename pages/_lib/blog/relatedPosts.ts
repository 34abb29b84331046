import type { PostSummary } from '../../../cli/content/types.ts'
import { taxonomyOf, termSlug } from './taxonomy.ts'

// What the end of a post offers: the posts sharing the most tags with it, the newest first among equals.
// Only slug, title and date, so a post's body or reading time can change without touching other pages.

/** How many posts the end of a post offers. */
export const RELATED_POSTS = 3

/** A post as the end of another offers it. */
export type RelatedPost = Pick<PostSummary, 'slug' | 'title' | 'date'>

type Candidate = Pick<PostSummary, 'slug' | 'title' | 'date' | 'tags' | 'author'>

/**
 * Up to RELATED_POSTS posts to read after the one at a position in `posts` (newest first): by shared tags, then recency; never itself or one
 * `offered` refuses. Posts with the same tags share one ranking (its best RELATED_POSTS + 1): a pass per set of tags, not per post.
 */
export function relatedPostsFinder<T extends Candidate>(posts: readonly T[], offered: (post: T) => boolean = () => true): (position: number) => RelatedPost[] {
  const rankings = new Map<string, number[]>()
  return (position) => {
    const slugs = [...new Set(posts[position]!.tags.map(termSlug))].sort()
    const key = slugs.join('\0')
    let ranking = rankings.get(key)
    if (!ranking) rankings.set(key, (ranking = rankByTags(posts, slugs, offered)))
    const best = ranking.filter((other) => other !== position).slice(0, RELATED_POSTS)
    // Too few share a tag (then every one that does is in): the newest posts fill the rest.
    for (let candidate = 0; best.length < RELATED_POSTS && candidate < posts.length; candidate++) {
      if (candidate !== position && !best.includes(candidate) && offered(posts[candidate]!)) best.push(candidate)
    }
    return best.map((index) => {
      const { slug, title, date } = posts[index]!
      return { slug, title, date }
    })
  }
}

/** The RELATED_POSTS + 1 posts `offered` lets through that share the most of the tags `slugs`, the newest first among equals. */
function rankByTags<T extends Candidate>(posts: readonly T[], slugs: string[], offered: (post: T) => boolean): number[] {
  const wanted = RELATED_POSTS + 1
  const { tags } = taxonomyOf(posts)
  const lists = slugs.map((slug) => tags.get(slug)?.posts ?? [])
  // How many of the tags each post has (a typed array: a tag may list thousands), read newest first:
  // byShared[n] keeps the first `wanted` with n; once those with every tag are full, nothing older is better.
  const shared = sharedCounts(posts.length)
  let oldest = -1
  for (const list of lists) {
    for (const other of list) shared[other]!++
    oldest = Math.max(oldest, list.at(-1) ?? -1)
  }
  const byShared: number[][] = Array.from({ length: lists.length + 1 }, () => [])
  for (let other = 0; other <= oldest && byShared[lists.length]!.length < wanted; other++) {
    const kept = byShared[shared[other]!]!
    if (shared[other] && kept.length < wanted && offered(posts[other]!)) kept.push(other)
  }
  for (const list of lists) for (const other of list) shared[other] = 0
  return byShared.reverse().flat().slice(0, wanted)
}

let counts = new Uint16Array(0)
/** A zeroed count per post, reused from call to call (each call leaves it zeroed). */
function sharedCounts(length: number): Uint16Array {
  if (counts.length < length) counts = new Uint16Array(length)
  return counts
}
