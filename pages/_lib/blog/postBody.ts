import type { BlogPostData } from '../pageData.ts'
import { fetchPage } from '../pageFromHtml.ts'
import { postUrl } from '../urls/urls.ts'
import type { SiteLocale } from '../locales/locales.ts'
import { POST_BODY_ATTRIBUTE } from './postBodyAttribute.ts'

// A post's body is written once, in its page's HTML; vike's serialized page context carries an empty `html`
// (cli/generator/prerender/insertPostBody.ts). A move in place reads both from the post's page: one request.

export { POST_BODY_ATTRIBUTE } from './postBodyAttribute.ts'

/** The data of the post `slug` of `locale`, body included, from its prerendered page; throws when it cannot load (vike then loads the URL in full). */
export async function fetchPostData(slug: string, locale: SiteLocale): Promise<BlogPostData> {
  const { page, data, url } = await fetchPage<BlogPostData>(postUrl(slug), locale)
  const body = page.querySelector(`[${POST_BODY_ATTRIBUTE}]`)
  if (!body) throw new Error(`${url} has no post in it`)
  data.post.html = body.innerHTML
  return data
}
