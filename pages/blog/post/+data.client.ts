// https://vike.dev/data in the browser: a move in place reads the post from its page (+data.ssr.ts, server only, is not fetched).
import type { PageContextClient } from 'vike/types'
import { POST_BODY_ATTRIBUTE, fetchPostData } from '../../_lib/blog/postBody.ts'
import type { BlogPostData } from '../../_lib/pageData.ts'
import { localeOfPage } from '../../_lib/locales/pageLocale.ts'

export default async function data(pageContext: PageContextClient): Promise<BlogPostData> {
  if (!pageContext.isHydration) return fetchPostData(pageContext.routeParams.slug!, localeOfPage(pageContext))
  // The first load's page context carries the post without its body, which the page holds once: read as a move in place reads it.
  const data = pageContext.data as BlogPostData
  const body = document.querySelector(`[${POST_BODY_ATTRIBUTE}]`)
  return body ? { ...data, post: { ...data.post, html: body.innerHTML } } : data
}
