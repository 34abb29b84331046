import type { Post } from '../../../cli/content/types.ts'

/** The order of the blog: newest first, then by title. The content layer sorts each locale's posts by it; a list that adds another locale's posts (untranslatedPosts.ts) keeps it. */
export const newestFirst = (a: Pick<Post, 'date' | 'title'>, b: Pick<Post, 'date' | 'title'>): number => (a.date === b.date ? a.title.localeCompare(b.title) : a.date < b.date ? 1 : -1)
