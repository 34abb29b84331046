import type { BlogPostData } from '../pageData.ts'
import { fetchPage } from '../pageFromHtml.ts'
import { postUrl } from '../urls/urls.ts'
import type { SiteLocale } from '../locales/locales.ts'
import { POST_BODY_ATTRIBUTE } from './postBodyAttribute.ts'

// A post's body is written once, in its page's HTML: the page context vike serializes into the
// page carries the post with an empty `html` (cli/generator/prerender/insertPostBody.ts). A move in place to a
// post reads both from the post's page (pages/blog/post/+data.client.ts): one request.

export { POST_BODY_ATTRIBUTE } from './postBodyAttribute.ts'

/**
 * The data of the post `slug` of `locale`, body included, read from its prerendered page. Throws when the
 * page cannot be loaded: vike's client router then loads the post's URL in full.
 */
export async function fetchPostData(slug: string, locale: SiteLocale): Promise<BlogPostData> {
  const { page, data, url } = await fetchPage<BlogPostData>(postUrl(slug), locale)
  const body = page.querySelector(`[${POST_BODY_ATTRIBUTE}]`)
  if (!body) throw new Error(`${url} has no post in it`)
  data.post.html = body.innerHTML
  return data
}
