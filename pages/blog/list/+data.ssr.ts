// https://vike.dev/data where the page is rendered; .ssr: a move in place runs +data.client.ts instead.
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { pageContent } from '../../_server/pageContent.server.ts'
import type { BlogListData } from '../../_lib/pageData.ts'
import { ROUTES } from '../../_lib/urls/routes.ts'

export default function data(pageContext: PageContextServer): BlogListData {
  const data = ROUTES.blogList.data(pageContent(pageContext), pageContext.routeParams)
  // A page number outside 1..total, or a tag or author no post has, is not found (SPEC §5).
  if (!data) throw render(404)
  return data
}
