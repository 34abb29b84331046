// https://vike.dev/data: a post's data in the browser. Its server side (+data.ssr.ts) renders the
// page; as a .ssr file it does not make vike's router fetch an index.pageContext.json on a move
// in place, which runs this instead.
import type { PageContextClient } from 'vike/types'
import { fetchPostData } from '../../_lib/postBody.ts'
import type { BlogPostData } from '../../_lib/pageData.ts'

export default async function data(pageContext: PageContextClient): Promise<BlogPostData> {
  // On the first load the page context in the page carries the data (and the body is in the DOM).
  if (pageContext.isHydration) return pageContext.data as BlogPostData
  return fetchPostData(pageContext.routeParams.slug!)
}
