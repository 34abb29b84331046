// https://vike.dev/data where the page is rendered: the tags a search can be narrowed to; .ssr: a move in place runs +data.client.ts.
import type { PageContextServer } from 'vike/types'
import { pageContent } from '../../_server/pageContent.server.ts'
import type { SearchPageData } from '../../_lib/pageData.ts'
import { ROUTES } from '../../_lib/urls/routes.ts'

export default function data(pageContext: PageContextServer): SearchPageData {
  return ROUTES.blogSearch.data(pageContent(pageContext))
}
