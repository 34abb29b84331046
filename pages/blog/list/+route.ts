// https://vike.dev/route-function
import type { PageContext } from 'vike/types'

// The blog's list and a tag's or an author's are one page: a move between them in place loads no other code.
const LIST = /^\/blog(?:\/(tags|authors)\/([a-z0-9]+(?:-[a-z0-9]+)*))?(?:\/page\/([1-9]\d*))?\/?$/

/** /blog/ is page 1, /blog/page/N/ page N (N >= 2, no leading zeros); the same below /blog/tags/<tag>/ and /blog/authors/<author>/. */
export default function route(pageContext: PageContext) {
  const match = LIST.exec(pageContext.urlPathname)
  if (!match || match[3] === '1') return false
  const [, folder, slug, page = '1'] = match
  return { routeParams: folder ? { page, [folder === 'tags' ? 'tag' : 'author']: slug! } : { page } }
}
