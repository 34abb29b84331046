import { POST_BODY_ATTRIBUTE } from '../_lib/postBody.ts'
import styles from './PostBody.module.scss'

/**
 * A post's content: HTML rendered from markdown and sanitized at build time (cli/content/renderMarkdown.ts).
 * The page contexts of a built site carry no body (cli/build/dropPostBody.ts): on a first load an
 * empty `html` keeps the body the server rendered, since React hydrates no children of an element
 * with inner HTML and sets it again only when the HTML it is given changes (a move to another post,
 * whose body +onBeforeRenderClient has read from its page). React's development build would warn
 * of the difference: silenced.
 */
export function PostBody({ html }: { html: string }) {
  return <div className={styles.body} {...{ [POST_BODY_ATTRIBUTE]: '' }} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />
}
