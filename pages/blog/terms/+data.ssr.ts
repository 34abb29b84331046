// https://vike.dev/data: the index of the tags or of the authors where it is rendered (a build,
// or `kube-site dev`). A .ssr file: a move in place in the browser runs +data.client.ts instead.
import type { PageContextServer } from 'vike/types'
import { pageContent } from '../../_server/pageContent.server.ts'
import type { TermIndexData } from '../../_lib/pageData.ts'
import { ROUTES } from '../../_lib/urls/routes.ts'

export default function data(pageContext: PageContextServer): TermIndexData {
  return ROUTES.blogTerms.data(pageContent(pageContext), pageContext.routeParams)
}
