// https://vike.dev/route-function
import type { PageContext } from 'vike/types'

/** /blog/ is page 1; /blog/page/N/ is page N (N >= 2, no leading zeros). */
export default function route(pageContext: PageContext) {
  const match = /^\/blog\/?(?:page\/([1-9]\d*)\/?)?$/.exec(pageContext.urlPathname)
  if (!match) return false
  if (match[1] === '1') return false
  return { routeParams: { page: match[1] ?? '1' } }
}
