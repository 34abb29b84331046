// https://vike.dev/route-function
import type { PageContext } from 'vike/types'
import { SEARCH_URL } from '../../_lib/urls/urls.ts'

/** /blog/search/ (its query, ?q=…&tag=…, is read in the browser: the page is prerendered once). */
export default function route(pageContext: PageContext) {
  return pageContext.urlPathname === SEARCH_URL || `${pageContext.urlPathname}/` === SEARCH_URL
}
