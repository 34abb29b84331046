// https://vike.dev/data: the search page's data where it is rendered (a build, or `kube-site dev`):
// the tags a search can be narrowed to. A .ssr file: a move in place runs +data.client.ts instead.
import type { PageContextServer } from 'vike/types'
import { pageContent } from '../../_server/pageContent.server.ts'
import type { SearchPageData } from '../../_lib/pageData.ts'
import { ROUTES } from '../../_lib/urls/routes.ts'

export default function data(pageContext: PageContextServer): SearchPageData {
  return ROUTES.blogSearch.data(pageContent(pageContext))
}
