import { internalError } from '../errors.ts'

// A post page carried its body three times: in the HTML, in the page context vike serializes into
// the page for hydration (<script id="vike_pageContext">), and in index.pageContext.json beside
// it, which vike's client router fetches on a move in place. Only the HTML keeps it now: both
// serialized copies carry the post with an empty `html`. On a first load the body is in the DOM
// and PostBody keeps it when hydrating; on a move in place the post's +onBeforeRenderClient takes
// it from the post's page (pages/_lib/postBody.ts). The output of a large blog halves.

const OPEN = '<script id="vike_pageContext" type="application/json">'
const CLOSE = '</script>'

/** The page's HTML with the post body left out of its serialized page context (unchanged when it has none). */
export function dropPostBody(html: string): string {
  const start = html.indexOf(OPEN)
  if (start === -1) return html
  const from = start + OPEN.length
  const end = html.indexOf(CLOSE, from)
  if (end === -1) throw internalError('a page context script without its end')
  const serialized = html.slice(from, end)
  const dropped = dropPostBodyFromJson(serialized)
  return dropped === serialized ? html : html.slice(0, from) + dropped + html.slice(end)
}

/** A serialized page context (index.pageContext.json) with the post body left out (unchanged when it has none). */
export function dropPostBodyFromJson(serialized: string): string {
  // Cheap test first: most pages (list pages) have no post body.
  if (!serialized.includes('"html":')) return serialized
  // vike's serializer writes JSON whose strings may carry its own markers ('!undefined', '!!…');
  // JSON.parse and JSON.stringify keep every string as it is, so its client parses the same values.
  const context = JSON.parse(serialized) as { data?: { post?: { html?: unknown } } }
  const post = context.data?.post
  if (typeof post?.html !== 'string') return serialized
  post.html = ''
  // Safe inside <script>: no '<' can start a '</script>' or a comment ('\u003c' is JSON's own escape).
  return JSON.stringify(context).replaceAll('<', '\\u003c')
}
