// https://vike.dev/data: a post's data in the browser. Its server side (+data.ssr.ts) renders the
// page; as a .ssr file it does not make vike's router fetch an index.pageContext.json on a move
// in place, which runs this instead.
import type { PageContextClient } from 'vike/types'
import { POST_BODY_ATTRIBUTE, fetchPostData } from '../../_lib/blog/postBody.ts'
import type { BlogPostData } from '../../_lib/pageData.ts'
import { localeOfPage } from '../../_lib/locales/pageLocale.ts'

export default async function data(pageContext: PageContextClient): Promise<BlogPostData> {
  if (!pageContext.isHydration) return fetchPostData(pageContext.routeParams.slug!, localeOfPage(pageContext))
  // On the first load the page context in the page carries the data, and a build's carries the
  // post without its body, which the page holds once (cli/generator/prerender/insertPostBody.ts): read from
  // the page, as a move in place reads it, so that a component given the post's HTML gets the
  // same body in dev, in a build, and after a move.
  const data = pageContext.data as BlogPostData
  const body = document.querySelector(`[${POST_BODY_ATTRIBUTE}]`)
  return body ? { ...data, post: { ...data.post, html: body.innerHTML } } : data
}
