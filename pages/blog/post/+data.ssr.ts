// https://vike.dev/data: a post's data where its page is rendered (a build, or `kube-site dev`).
// A .ssr file: a move in place in the browser does not fetch it (see +data.client.ts).
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
