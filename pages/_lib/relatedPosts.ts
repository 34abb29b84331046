import type { PostSummary } from '../../cli/content/types.ts'
import { taxonomyOf, termSlug } from './taxonomy.ts'

// What a reader is offered at the end of a post: the posts that share the most tags with it,
// the newest first among those that share as many (posts are listed newest first, so a lower
// position is newer). Only a post's slug, title and date: every post page carries its three in
// its page data, so a post's body or reading time can change without touching any other page.

/** How many posts the end of a post offers. */
export const RELATED_POSTS = 3

/** A post as the end of another offers it. */
export type RelatedPost = Pick<PostSummary, 'slug' | 'title' | 'date'>

type Candidate = Pick<PostSummary, 'slug' | 'title' | 'date' | 'tags' | 'author'>

/**
 * Up to RELATED_POSTS posts to read after the one at `position` in `posts` (newest first): by
 * shared tags, then recency; never the post itself, never one `offered` refuses (a draft).
 */
export function relatedPosts<T extends Candidate>(posts: readonly T[], position: number, offered: (post: T) => boolean = () => true): RelatedPost[] {
  const { tags } = taxonomyOf(posts)
  const lists = [...new Set(posts[position]!.tags.map(termSlug))].map((slug) => tags.get(slug)?.posts ?? [])
  // How many tags each post shares with this one, counted in a typed array (this runs for every
  // post page, and a common tag lists thousands of posts), then read in order, newest first:
  // byShared[n] keeps the first RELATED_POSTS posts that share n tags. Once the posts sharing every
  // tag fill theirs, nothing older can be better.
  const shared = sharedCounts(posts.length)
  let oldest = -1
  for (const list of lists) {
    for (const other of list) shared[other]!++
    oldest = Math.max(oldest, list.at(-1) ?? -1)
  }
  const byShared: number[][] = Array.from({ length: lists.length + 1 }, () => [])
  for (let other = 0; other <= oldest && byShared[lists.length]!.length < RELATED_POSTS; other++) {
    const kept = byShared[shared[other]!]!
    if (shared[other] && other !== position && kept.length < RELATED_POSTS && offered(posts[other]!)) kept.push(other)
  }
  for (const list of lists) for (const other of list) shared[other] = 0
  const best = byShared.reverse().flat().slice(0, RELATED_POSTS)
  // Too few share a tag (then every one that does is in): the newest posts fill the rest.
  for (let candidate = 0; best.length < RELATED_POSTS && candidate < posts.length; candidate++) {
    if (candidate !== position && !best.includes(candidate) && offered(posts[candidate]!)) best.push(candidate)
  }
  return best.map((index) => {
    const { slug, title, date } = posts[index]!
    return { slug, title, date }
  })
}

let counts = new Uint16Array(0)
/** A zeroed count per post, reused from call to call (each call leaves it zeroed). */
function sharedCounts(length: number): Uint16Array {
  if (counts.length < length) counts = new Uint16Array(length)
  return counts
}
