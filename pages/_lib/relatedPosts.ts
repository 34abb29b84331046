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
  // How many tags each post shares with this one (a typed array and the posts touched: this runs
  // for every post page, and a common tag lists thousands of posts).
  const shared = sharedCounts(posts.length)
  const touched: number[] = []
  for (const slug of new Set(posts[position]!.tags.map(termSlug))) {
    for (const other of tags.get(slug)?.posts ?? []) if (shared[other]!++ === 0) touched.push(other)
  }
  // The best RELATED_POSTS, best first: more shared tags, then newer (a lower position).
  const best: number[] = []
  const consider = (candidate: number) => {
    if (candidate === position || best.includes(candidate) || !offered(posts[candidate]!)) return
    let at = best.length
    while (at > 0 && (shared[best[at - 1]!]! < shared[candidate]! || (shared[best[at - 1]!] === shared[candidate] && best[at - 1]! > candidate))) at--
    if (at < RELATED_POSTS) best.splice(at, 0, candidate)
    if (best.length > RELATED_POSTS) best.pop()
  }
  for (const candidate of touched) consider(candidate)
  // Too few share a tag: the newest posts fill the rest.
  for (let candidate = 0; best.length < RELATED_POSTS && candidate < posts.length; candidate++) consider(candidate)
  for (const candidate of touched) shared[candidate] = 0
  return best.map((index) => {
    const { slug, title, date } = posts[index]!
    return { slug, title, date }
  })
}

let counts = new Uint16Array(0)
/** A zeroed array of a count per post, reused from call to call (each call leaves it zeroed). */
function sharedCounts(length: number): Uint16Array {
  if (counts.length < length) counts = new Uint16Array(length)
  return counts
}
