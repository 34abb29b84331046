import { useEffect, useRef } from 'react'
import { addCopyButtons, copyClickedCode } from '../../_lib/browser/codeCopy.ts'
import { POST_BODY_ATTRIBUTE } from '../../_lib/blog/postBody.ts'
import { followSections } from '../../_lib/blog/postSections.ts'
import { useSiteText } from '../../_lib/text/siteText.ts'
import styles from './PostBody.module.scss'

/**
 * A post's content: HTML rendered from markdown and sanitized at build time (cli/content/markdown/renderMarkdown.ts).
 * A build renders it empty and writes the body into the page (cli/generator/prerender/insertPostBody.ts); the page
 * context carries none, and on a first load the body is read from the page (blog/post/+data.client.ts),
 * so `html` is the same in dev, in a build and after a move in place. React hydrates no children of an
 * element with inner HTML and sets it again only when the HTML it is given changes (a move to another
 * post). React's development build would warn of a difference in how the browser writes the HTML back:
 * silenced. Once the body is in place, its code blocks get their Copy buttons and its table of contents
 * follows the reading.
 */
export function PostBody({ html }: { html: string }) {
  const body = useRef<HTMLDivElement>(null)
  const { ui } = useSiteText()
  useEffect(() => {
    if (!body.current) return
    addCopyButtons(body.current, ui)
    return followSections(body.current)
  }, [html, ui])
  return (
    // The clicks are the Copy buttons' (codeCopy.ts), which are buttons: the body itself takes none.
    <div
      ref={body}
      className={styles.body}
      {...{ [POST_BODY_ATTRIBUTE]: '' }}
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
      onClick={(event) => void copyClickedCode(event.target, ui)}
    />
  )
}
