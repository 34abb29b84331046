import { parse } from '@brillout/json-serializer/parse'
import type { BlogPostData } from './pageData.ts'
import { withBase } from './href.ts'
import { postUrl } from './urls.ts'

// A post's body is written once, in its page's HTML: the page context vike serializes into the
// page carries the post with an empty `html` (cli/build/insertPostBody.ts). A move in place to a
// post reads both from the post's page (pages/blog/post/+data.client.ts): one request, and no
// index.pageContext.json beside each post.

/** Marks the element that holds a post's body in its page. */
export const POST_BODY_ATTRIBUTE = 'data-post-body'

/**
 * The data of the post `slug`, body included, read from its prerendered page. Throws when the
 * page cannot be loaded: vike's client router then loads the post's URL in full.
 */
export async function fetchPostData(slug: string): Promise<BlogPostData> {
  const url = withBase(postUrl(slug))
  const response = await fetch(url)
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`)
  const page = new DOMParser().parseFromString(await response.text(), 'text/html')
  // Written by vike's serializer, whose parser vike's client router reads it with too.
  const serialized = page.getElementById('vike_pageContext')?.textContent
  const body = page.querySelector(`[${POST_BODY_ATTRIBUTE}]`)
  if (!serialized || !body) throw new Error(`${url} has no post in it`)
  const { data } = parse(serialized) as { data: BlogPostData }
  data.post.html = body.innerHTML
  return data
}
