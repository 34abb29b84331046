// https://vike.dev/data: a post's data where its page is rendered (a build, or `kube-site dev`).
// A .ssr file: a move in place in the browser does not fetch it (see +data.client.ts).
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { getSiteContent } from '../../_server/getSiteContent.server.ts'
import { blogPostData, type BlogPostData } from '../../_lib/pageData.ts'

export default function data(pageContext: PageContextServer): BlogPostData {
  const content = getSiteContent()
  // A build puts the body into the page as it writes it (cli/generator/insertPostBody.ts).
  const data = blogPostData(content, pageContext.routeParams.slug ?? '', import.meta.env.BASE_URL, { body: !content.bodiesInserted })
  if (!data) throw render(404)
  return data
}
