// https://vike.dev/route-function
import type { PageContext } from 'vike/types'

// The blog's list and the lists of one tag's or one author's posts are one page: the same cards
// and pagination, and a move between them in place loads no other code.
const LIST = /^\/blog(?:\/(tags|authors)\/([a-z0-9]+(?:-[a-z0-9]+)*))?(?:\/page\/([1-9]\d*))?\/?$/

/**
 * /blog/ is page 1; /blog/page/N/ is page N (N >= 2, no leading zeros). The same below
 * /blog/tags/<tag>/ and /blog/authors/<author>/. routeParams: `page`, and `tag` or `author`.
 */
export default function route(pageContext: PageContext) {
  const match = LIST.exec(pageContext.urlPathname)
  if (!match || match[3] === '1') return false
  const [, folder, slug, page = '1'] = match
  return { routeParams: folder ? { page, [folder === 'tags' ? 'tag' : 'author']: slug! } : { page } }
}
