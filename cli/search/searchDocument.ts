import { escapeHtml } from '../util/escapeHtml.ts'
import { termSlug } from '../../pages/_lib/blog/taxonomy.ts'
import type { IndexedPost } from '../incremental/search/searchShards.ts'

// What Pagefind indexes for a post: title, excerpt and body, with what results show and filter by as attributes (pagefind.app/docs/metadata/).

/** The HTML Pagefind indexes for `post` (sanitized `body`, in `language`), in shard `shard`, a filter of its own (searchEngine.ts ranks across shards). */
export function searchDocument(post: IndexedPost, body: string, { shard = 0, language }: { shard?: number; language: string }): string {
  const field = (attribute: string, name: string, value: string) => `<meta ${attribute}="${name}[content]" content="${escapeHtml(value)}">`
  const fields = [
    field('data-pagefind-meta', 'title', post.title),
    field('data-pagefind-meta', 'date', post.date),
    field('data-pagefind-sort', 'date', post.date),
    field('data-pagefind-filter', 'author', post.author),
    field('data-pagefind-filter', 'shard', String(shard)),
    // A tag is filtered by its slug, the name its page has: posts that write it differently are one tag.
    ...post.tags.map(termSlug).filter(Boolean).map((slug) => field('data-pagefind-filter', 'tag', slug)),
  ]
  return `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><title>${escapeHtml(post.title)}</title>${fields.join('')}</head><body><main data-pagefind-body><h1>${escapeHtml(post.title)}</h1><p>${escapeHtml(post.excerpt)}</p>${body}</main></body></html>`
}
