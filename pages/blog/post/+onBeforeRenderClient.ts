// https://vike.dev/onBeforeRenderClient (vike-react): awaited before the page renders in the browser.
import type { PageContextClient } from 'vike/types'
import { fetchPostBody } from '../../_lib/postBody.ts'
import type { BlogPostData } from './+data.ts'

/**
 * On a move in place, the post's body comes from its page (its page context carries none, see
 * cli/build/insertPostBody.ts). On the first load it is in the DOM already; in `kube-site dev` the
 * page context still carries it.
 */
export default async function onBeforeRenderClient(pageContext: PageContextClient<BlogPostData>): Promise<void> {
  const { post } = pageContext.data
  if (pageContext.isHydration || post.html) return
  post.html = await fetchPostBody(post.slug)
}
