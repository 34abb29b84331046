// https://vike.dev/data where the index of tags or authors is rendered; .ssr: a move in place runs +data.client.ts.
import type { PageContextServer } from 'vike/types'
import { pageContent } from '../../_server/pageContent.server.ts'
import type { TermIndexData } from '../../_lib/pageData.ts'
import { ROUTES } from '../../_lib/urls/routes.ts'

export default function data(pageContext: PageContextServer): TermIndexData {
  return ROUTES.blogTerms.data(pageContent(pageContext), pageContext.routeParams)
}
