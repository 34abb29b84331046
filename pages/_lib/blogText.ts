// The blog's interface words (not marketing copy, which lives in site.config.ts), in one place.

export const BLOG_TEXT = {
  /** Accessible name of the pagination landmark. */
  pagesLabel: 'Blog pages',
  previous: 'Previous',
  next: 'Next',
  backToBlog: 'Back to Blog',
  tagsLabel: 'Tags',
  readPost: 'Read article',
  /** The heading of the posts offered at the end of a post. */
  readNext: 'Read next',
  /** Before the day of a post's last update, in its byline. */
  updated: 'Updated',
  pageOf: (page: number, total: number) => `Page ${page} of ${total}`,
  postCount: (count: number) => (count === 1 ? '1 post' : `${count} posts`),
  /** A tag's list: its eyebrow, title, description and feed link. */
  tag: {
    eyebrow: 'Tag',
    title: (name: string) => `Posts tagged ${name}`,
    description: (name: string, count: number, brand: string) => `${count === 1 ? 'One post' : `${count} posts`} tagged ${name} on the ${brand} blog.`,
    feed: 'RSS feed of this tag',
    feedTitle: (name: string, brand: string) => `${brand} Blog: ${name}`,
  },
  author: {
    eyebrow: 'Author',
    title: (name: string) => `Posts by ${name}`,
    description: (name: string, count: number, brand: string) => `${count === 1 ? 'One post' : `${count} posts`} by ${name} on the ${brand} blog.`,
    /** Accessible name of the author's links. */
    linksLabel: (name: string) => `${name} elsewhere`,
  },
  /** The indexes of every tag and every author. */
  index: {
    tag: {
      title: 'Tags',
      description: (brand: string) => `Every topic of the ${brand} blog, with its number of posts.`,
      empty: 'No tags yet.',
      /** The link to this index from a tag's list. */
      all: 'All tags',
    },
    author: {
      title: 'Authors',
      description: (brand: string) => `Everyone who writes for the ${brand} blog, with their number of posts.`,
      empty: 'No authors yet.',
      all: 'All authors',
    },
  },
  noPosts: 'No posts yet. Check back soon.',
  /** The search field on every blog page, and the search page. */
  search: {
    label: 'Search the blog',
    placeholder: 'Search posts…',
    submit: 'Search',
    title: 'Search',
    description: (brand: string) => `Search every post of the ${brand} blog.`,
    tagLabel: 'Tag',
    anyTag: 'All tags',
    loading: 'Loading search…',
    /** Announced by the live region, and shown above the results. */
    count: (count: number, query: string, tag?: string) =>
      `${count === 0 ? 'No posts' : count === 1 ? '1 post' : `${count} posts`}${query ? ` for “${query}”` : ''}${tag ? ` tagged ${tag}` : ''}`,
    prompt: 'Type a word or two to search every post.',
    showing: (shown: number, count: number) => `Showing ${shown} of ${count}`,
    more: 'Show more results',
    /** The option at the end of the field's suggestions that opens the search page. */
    all: (query: string) => `All results for “${query}”`,
    noScript: 'Search needs JavaScript. Browse the posts by topic instead:',
    browseTags: 'All tags',
    dev: 'Search works on a built site: run kube-site build, then kube-site preview.',
    failed: 'Search could not load. Try again, or browse the posts by topic:',
  },
  /** Badges of posts only --drafts and `kube-site dev` show. */
  status: { draft: 'Draft', scheduled: 'Scheduled' },
} as const
