import type { Post } from '../../cli/content/types.ts'

/** Why a post would not be published by a plain build: a draft, or dated after the build. */
export type PostStatus = 'draft' | 'scheduled'

/** The status of a post only `--drafts` (or `kube-site dev`) shows; undefined for a published one. */
export function postStatus(post: Pick<Post, 'draft' | 'date'>, buildDate: string): PostStatus | undefined {
  if (post.draft) return 'draft'
  return post.date > buildDate ? 'scheduled' : undefined
}
