import type { PostSummary } from '../../cli/content/types.ts'
import { formatDate } from '../_lib/formatDate.ts'
import styles from './PostMeta.module.scss'

/** The byline of a post: author, then date (en-US, never shifted by a time zone) and reading time. */
export function PostMeta({ post, className = '' }: { post: Pick<PostSummary, 'author' | 'date' | 'readTime'>; className?: string }) {
  const initials = post.author
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('')
  return (
    <p className={`${styles.meta} ${className}`.trim()}>
      <span className={styles.avatar} aria-hidden="true">
        {initials}
      </span>
      {/* Two lines; the date and the read time never break inside (see the stylesheet). */}
      <span className={styles.lines}>
        <span className={styles.author}>{post.author}</span>
        <span className={styles.details}>
          <time dateTime={post.date}>{formatDate(post.date)}</time>
          <span aria-hidden="true"> · </span>
          <span>{post.readTime}</span>
        </span>
      </span>
    </p>
  )
}
