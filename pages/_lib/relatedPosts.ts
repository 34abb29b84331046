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
  const shared = new Map<number, number>()
  for (const slug of new Set(posts[position]!.tags.map(termSlug))) {
    for (const other of tags.get(slug)?.posts ?? []) shared.set(other, (shared.get(other) ?? 0) + 1)
  }
  const best: number[] = []
  const better = (a: number, b: number) => (shared.get(a) ?? 0) - (shared.get(b) ?? 0) || b - a
  const consider = (candidate: number) => {
    if (candidate === position || best.includes(candidate) || !offered(posts[candidate]!)) return
    best.push(candidate)
    best.sort((a, b) => better(b, a))
    if (best.length > RELATED_POSTS) best.pop()
  }
  for (const candidate of shared.keys()) consider(candidate)
  // Too few share a tag: the newest posts fill the rest.
  for (let candidate = 0; best.length < RELATED_POSTS && candidate < posts.length; candidate++) consider(candidate)
  return best.map((index) => {
    const { slug, title, date } = posts[index]!
    return { slug, title, date }
  })
}
