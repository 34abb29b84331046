import { internalError } from '../../errors.ts'
import { POST_BODY_ATTRIBUTE } from '../../../pages/_lib/blog/postBodyAttribute.ts'

// A post's body goes into its page as written, not through vike and React (its +data gives an empty `html`): half the page to
// serialize and render. Where it went is recorded (pagePlan.ts), so a body-only rebuild swaps it in the last page (replacePostBody).

const BEFORE_BODY = `${POST_BODY_ATTRIBUTE}="">`
const EMPTY_BODY = `${BEFORE_BODY}</div>`
const BEFORE_BYTES = Buffer.from(BEFORE_BODY)
const AFTER_BYTES = Buffer.from('</div>')

/** Where a post's body is in its page's file: its first byte, and its length in bytes. */
export type BodyPlace = [start: number, bytes: number]

/** The page's HTML with `body` put into its empty post body element, and where the body is. */
export function insertPostBody(page: string, body: string): { html: string; place: BodyPlace } {
  const start = page.indexOf(EMPTY_BODY)
  if (start === -1 || page.indexOf(EMPTY_BODY, start + 1) !== -1) throw internalError('a post page without exactly one empty post body element')
  const at = start + BEFORE_BODY.length
  return { html: page.slice(0, at) + body + page.slice(at), place: [Buffer.byteLength(page.slice(0, at)), Buffer.byteLength(body)] }
}

/** The page's file with the body at `place` replaced by `body`, and where that is; none when the file does not hold a post body there (a page written some other way). */
export function replacePostBody(file: Buffer, [start, bytes]: BodyPlace, body: string): { file: Buffer; place: BodyPlace } | undefined {
  const end = start + bytes
  const fits = start >= BEFORE_BYTES.length && end + AFTER_BYTES.length <= file.length
  if (!fits || !file.subarray(start - BEFORE_BYTES.length, start).equals(BEFORE_BYTES) || !file.subarray(end, end + AFTER_BYTES.length).equals(AFTER_BYTES)) return undefined
  const text = Buffer.from(body)
  return { file: Buffer.concat([file.subarray(0, start), text, file.subarray(end)]), place: [start, text.length] }
}
