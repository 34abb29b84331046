import styles from './PostBody.module.scss'

/** A post's content: HTML rendered from markdown and sanitized at build time (cli/content/renderMarkdown.ts). */
export function PostBody({ html }: { html: string }) {
  return <div className={styles.body} dangerouslySetInnerHTML={{ __html: html }} />
}
