import { useEffect, useRef } from 'react'
import { addCopyButtons, copyClickedCode } from '../../_lib/browser/codeCopy.ts'
import { POST_BODY_ATTRIBUTE } from '../../_lib/blog/postBody.ts'
import { followSections } from '../../_lib/blog/postSections.ts'
import { useSiteText } from '../../_lib/text/siteText.ts'
import styles from './PostBody.module.scss'

/**
 * A post's HTML, sanitized at build time (renderMarkdown.ts), written into the page by the build (insertPostBody.ts) and read back on first load
 * (blog/post/+data.client.ts). React sets it again only when it changes (its warning of how the browser writes HTML back silenced); then code
 * blocks get Copy buttons and the table of contents follows the reading.
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
