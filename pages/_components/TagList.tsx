import { BLOG_TEXT } from '../_lib/blogText.ts'
import { Badge } from './Badge.tsx'
import styles from './TagList.module.scss'

/** A post's tags as a list of badges. */
export function TagList({ tags, className = '' }: { tags: string[]; className?: string }) {
  if (tags.length === 0) return null
  return (
    <ul className={`${styles.tags} ${className}`.trim()} aria-label={BLOG_TEXT.tagsLabel}>
      {tags.map((tag) => (
        <li key={tag}>
          <Badge>{tag}</Badge>
        </li>
      ))}
    </ul>
  )
}
