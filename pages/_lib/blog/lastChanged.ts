import type { PostSummary } from '../../../cli/content/types.ts'

// When a post last changed, for the sitemap's lastmod, the feeds and JSON-LD's dateModified. Days are YYYY-MM-DD: they sort as text.

/** The day a post last changed: its `updated` day, else its date. */
export const lastChanged = (post: Pick<PostSummary, 'date' | 'updated'>): string => post.updated ?? post.date

/** The newest day on which any of these posts last changed; undefined for none. */
export function latestChange(posts: Iterable<Pick<PostSummary, 'date' | 'updated'>>): string | undefined {
  let latest: string | undefined
  for (const post of posts) {
    const day = lastChanged(post)
    if (latest === undefined || day > latest) latest = day
  }
  return latest
}
