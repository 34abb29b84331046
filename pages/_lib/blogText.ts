// The blog's interface words (not marketing copy, which lives in site.config.ts), in one place.

export const BLOG_TEXT = {
  /** Accessible name of the pagination landmark. */
  pagesLabel: 'Blog pages',
  previous: 'Previous',
  next: 'Next',
  backToBlog: 'Back to Blog',
  tagsLabel: 'Tags',
  readPost: 'Read article',
  pageOf: (page: number, total: number) => `Page ${page} of ${total}`,
  noPosts: 'No posts yet. Check back soon.',
  /** Badges of posts only --drafts and `kube-site dev` show. */
  status: { draft: 'Draft', scheduled: 'Scheduled' },
} as const
