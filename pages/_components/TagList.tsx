import { BLOG_TEXT } from '../_lib/blogText.ts'
import type { PostStatus } from '../blog/postStatus.ts'
import { Badge } from './Badge.tsx'
import styles from './TagList.module.scss'

export interface TagListProps {
  tags: string[]
  /** Shown first, in another colour, when drafts are shown and the post is not published yet. */
  status?: PostStatus
  className?: string
}

/** A post's tags as a list of badges (after a Draft or Scheduled badge when there is one). */
export function TagList({ tags, status, className = '' }: TagListProps) {
  if (tags.length === 0 && !status) return null
  return (
    <div className={`${styles.badges} ${className}`.trim()}>
      {status && <Badge tone="warning">{BLOG_TEXT.status[status]}</Badge>}
      {tags.length > 0 && (
        <ul className={styles.tags} aria-label={BLOG_TEXT.tagsLabel}>
          {tags.map((tag) => (
            <li key={tag}>
              <Badge>{tag}</Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
