import { termSlug } from '../../_lib/blog/taxonomy.ts'
import { tagPageUrl } from '../../_lib/urls/urls.ts'
import type { PostStatus } from '../../blog/postStatus.ts'
import { Badge } from '../common/Badge.tsx'
import badgeStyles from '../common/Badge.module.scss'
import { InPlaceLink } from '../common/InPlaceLink.tsx'
import styles from './TagList.module.scss'
import { useSiteText } from '../../_lib/text/siteText.ts'
import { usePageHref } from '../../_lib/locales/pageLocale.ts'

export interface TagListProps {
  tags: string[]
  /** Shown first, in another colour, when drafts are shown and the post is not published yet. */
  status?: PostStatus
  className?: string
}

/** A post's tags as badges (after a Draft or Scheduled one), each a link to its tag's posts that opens in place. */
export function TagList({ tags, status, className = '' }: TagListProps) {
  const pageHref = usePageHref()
  const { blog: blogText } = useSiteText()
  if (tags.length === 0 && !status) return null
  return (
    <div className={`${styles.badges} ${className}`.trim()}>
      {status && <Badge tone="warning">{blogText.status[status]}</Badge>}
      {tags.length > 0 && (
        <ul className={styles.tags} aria-label={blogText.tagsLabel}>
          {badgesOf(tags).map(({ tag, slug }) => (
            <li key={slug || tag}>
              {slug ? (
                <InPlaceLink href={pageHref(tagPageUrl(slug))} className={`${badgeStyles.badge} ${styles.link}`}>{tag}</InPlaceLink>
              ) : (
                // No letter or digit to make a URL of: no page (`kube-site check` says so).
                <Badge>{tag}</Badge>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** A badge per tag page, in the post's order: 'RBAC' and 'rbac' in one post are one tag (the first spelling). */
function badgesOf(tags: string[]): { tag: string; slug: string }[] {
  const seen = new Set<string>()
  return tags.flatMap((tag) => {
    const slug = termSlug(tag)
    const key = slug || tag
    if (seen.has(key)) return []
    seen.add(key)
    return [{ tag, slug }]
  })
}
