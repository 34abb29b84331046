// https://vike.dev/route-function
import type { PageContext } from 'vike/types'

/** /blog/<slug>/ ('page' is the list's own segment, never a slug). */
export default function route(pageContext: PageContext) {
  const match = /^\/blog\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/.exec(pageContext.urlPathname)
  if (!match || match[1] === 'page') return false
  return { routeParams: { slug: match[1]! } }
}
