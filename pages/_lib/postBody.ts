import { withBase } from './href.ts'
import { postUrl } from './urls.ts'

// A post's body is written once, in its page's HTML: the page contexts vike serializes carry the
// post with an empty `html` (cli/build/insertPostBody.ts).

/** Marks the element that holds a post's body in its page. */
export const POST_BODY_ATTRIBUTE = 'data-post-body'

/**
 * The body of the post `slug`, read from its prerendered page. Throws when the page cannot be
 * loaded: vike's client router then loads the post's URL in full.
 */
export async function fetchPostBody(slug: string): Promise<string> {
  const url = withBase(postUrl(slug))
  const response = await fetch(url)
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`)
  const page = new DOMParser().parseFromString(await response.text(), 'text/html')
  const body = page.querySelector(`[${POST_BODY_ATTRIBUTE}]`)
  if (!body) throw new Error(`${url} has no post body`)
  return body.innerHTML
}
