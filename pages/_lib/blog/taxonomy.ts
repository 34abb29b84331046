// Tags and authors (DECISIONS.md, Routes): which posts each has and the name its pages show; for the pages and the CLI.

/** What of a post decides its tags and its author. */
export interface PagedPost { slug: string; tags: readonly string[]; author: string }

/** A tag or an author. */
export interface Term {
  /** Its URL segment (termSlug). */
  slug: string
  /** The spelling its pages show: the one most posts use (on a tie, the newest post's). */
  name: string
  /** Its posts, as positions in the list of posts (newest first). */
  posts: number[]
  /** Every spelling the posts use, with how many posts use it, most used first. */
  spellings: [spelling: string, posts: number][]
}

export interface Taxonomy {
  /** Tags by URL segment, in the order their first post appears (newest first). */
  tags: Map<string, Term>
  authors: Map<string, Term>
}

/**
 * The URL segment of a tag or an author, regardless of case, accents, spaces and punctuation ('Network
 * security!' → 'network-security'); empty without a Latin letter or digit: no page, and `check` warns.
 */
export function termSlug(name: string): string {
  let slug = slugs.get(name)
  if (slug === undefined) {
    // A site has a few dozen names, each asked for once per post and page that shows it.
    if (slugs.size >= 10_000) slugs.clear()
    slugs.set(name, (slug = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')))
  }
  return slug
}

const slugs = new Map<string, string>()

const cache = new WeakMap<readonly PagedPost[], Taxonomy>()

/** The tags and authors of `posts` (newest first); the same array gives the same object. */
export function taxonomyOf(posts: readonly PagedPost[]): Taxonomy {
  let taxonomy = cache.get(posts)
  if (taxonomy) return taxonomy
  const tags = new Map<string, Draft>()
  const authors = new Map<string, Draft>()
  posts.forEach((post, position) => {
    const seen = new Set<string>()
    for (const tag of post.tags) {
      const slug = termSlug(tag)
      // A post that writes one tag twice ('RBAC', 'rbac') is listed once.
      if (!slug || seen.has(slug)) continue
      seen.add(slug)
      add(tags, slug, tag, position)
    }
    const author = termSlug(post.author)
    if (author) add(authors, author, post.author, position)
  })
  taxonomy = { tags: finish(tags), authors: finish(authors) }
  cache.set(posts, taxonomy)
  return taxonomy
}

interface Draft { posts: number[]; spellings: Map<string, number> }

function add(terms: Map<string, Draft>, slug: string, spelling: string, position: number): void {
  let term = terms.get(slug)
  if (!term) terms.set(slug, (term = { posts: [], spellings: new Map() }))
  term.posts.push(position)
  term.spellings.set(spelling, (term.spellings.get(spelling) ?? 0) + 1)
}

function finish(drafts: Map<string, Draft>): Map<string, Term> {
  const terms = new Map<string, Term>()
  for (const [slug, { posts, spellings }] of drafts) {
    // A stable sort keeps a tie in the order the spellings first appear: the newest post's first.
    const sorted = [...spellings].sort((a, b) => b[1] - a[1])
    terms.set(slug, { slug, name: sorted[0]![0], posts, spellings: sorted })
  }
  return terms
}

/** Terms in the order an index lists them: by name, as a reader would look one up. */
export const byName = (terms: Iterable<Term>): Term[] => [...terms].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.slug.localeCompare(b.slug))
