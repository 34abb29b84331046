import type { PostSummary } from '../../cli/content/types.ts'
import { formatDate } from '../_lib/formatDate.ts'
import styles from './PostMeta.module.scss'

/** Author, date (en-US, never shifted by a time zone) and reading time of a post. */
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
      <span className={styles.author}>{post.author}</span>
      <span className={styles.separator} aria-hidden="true">
        ·
      </span>
      <time dateTime={post.date}>{formatDate(post.date)}</time>
      <span className={styles.separator} aria-hidden="true">
        ·
      </span>
      <span>{post.readTime}</span>
    </p>
  )
}
