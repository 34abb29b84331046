// https://vike.dev/data where the page is rendered; .ssr: a move in place runs +data.client.ts instead.
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { pageContent } from '../../_server/pageContent.server.ts'
import type { BlogPostData } from '../../_lib/pageData.ts'
import { ROUTES } from '../../_lib/urls/routes.ts'

export default function data(pageContext: PageContextServer): BlogPostData {
  const data = ROUTES.blogPost.data(pageContent(pageContext), pageContext.routeParams, import.meta.env.BASE_URL)
  if (!data) throw render(404)
  return data
}
