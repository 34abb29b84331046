// https://vike.dev/data: a list page's data where it is rendered (a build, or `kube-site dev`).
// A .ssr file: a move in place in the browser does not fetch it (see +data.client.ts).
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
