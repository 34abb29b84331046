import { internalError } from '../errors.ts'
import { POST_BODY_ATTRIBUTE } from '../../pages/_lib/postBodyAttribute.ts'

// A post's body goes into its page as the page is written, not through vike and React: in a
// prerender the post's +data gives the post with an empty `html`, so PostBody renders an empty
// element, and the page context serialized into the page for hydration carries no body. vike's
// serializer, its HTML injection and React's render so handle a page of about half the size (a
// post's body is about half of its page), and the body is written once, in the page's HTML. On a
// first load the body is in the DOM and PostBody keeps it when hydrating; on a move in place the
// post's +data.client.ts reads it and the post's data from the post's page (pages/_lib/postBody.ts).

const EMPTY_BODY = `${POST_BODY_ATTRIBUTE}=""></div>`

/** The page's HTML with `body` put into its empty post body element. */
export function insertPostBody(page: string, body: string): string {
  const start = page.indexOf(EMPTY_BODY)
  if (start === -1 || page.indexOf(EMPTY_BODY, start + 1) !== -1) throw internalError('a post page without exactly one empty post body element')
  const at = start + EMPTY_BODY.length - '</div>'.length
  return page.slice(0, at) + body + page.slice(at)
}
