// https://vike.dev/route-function
import type { PageContext } from 'vike/types'

/** /blog/tags/ lists every tag, /blog/authors/ every author. routeParams: `kind`. */
export default function route(pageContext: PageContext) {
  const match = /^\/blog\/(tags|authors)\/?$/.exec(pageContext.urlPathname)
  if (!match) return false
  return { routeParams: { kind: match[1] === 'tags' ? 'tag' : 'author' } }
}
