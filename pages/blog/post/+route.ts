// https://vike.dev/route-function
import type { PageContext } from 'vike/types'
import { RESERVED_BLOG_FOLDERS } from '../../_lib/urls/urls.ts'

/** /blog/<slug>/ (the blog's own folders, 'page', 'tags' ..., are never a slug). */
export default function route(pageContext: PageContext) {
  const match = /^\/blog\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/.exec(pageContext.urlPathname)
  if (!match || RESERVED_BLOG_FOLDERS.includes(match[1]!)) return false
  return { routeParams: { slug: match[1]! } }
}
