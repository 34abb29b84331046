import type { PostSummary } from '../../../cli/content/types.ts'
import { InLanguage } from '../common/InLanguage.tsx'
import { termSlug } from '../../_lib/blog/taxonomy.ts'
import { authorPageUrl } from '../../_lib/urls/urls.ts'
import { AuthorAvatar } from './AuthorAvatar.tsx'
import { InPlaceLink } from '../common/InPlaceLink.tsx'
import styles from './PostMeta.module.scss'
import { useSiteText } from '../../_lib/text/siteText.ts'
import { usePageHref } from '../../_lib/locales/pageLocale.ts'

/** A post's byline: author (a link to their posts), date, last update, reading time; dates never shifted by a time zone. */
export function PostMeta({ post, className = '' }: { post: Pick<PostSummary, 'author' | 'date' | 'updated' | 'readTime'>; className?: string }) {
  const pageHref = usePageHref()
  const { blog: blogText, formatDate, lang } = useSiteText()
  const author = termSlug(post.author)
  return (
    <p className={`${styles.meta} ${className}`.trim()}>
      <AuthorAvatar name={post.author} />
      {/* Two lines; the date, the update and the read time never break inside (see the stylesheet). */}
      <span className={styles.lines}>
        {author ? (
          <InPlaceLink href={pageHref(authorPageUrl(author))} className={`${styles.author} ${styles.authorLink}`}>{post.author}</InPlaceLink>
        ) : <span className={styles.author}>{post.author}</span>}
        <span className={styles.details}>
          <time dateTime={post.date}>{formatDate(post.date)}</time>
          <span aria-hidden="true"> · </span>
          {post.updated && (
            <>
              <span>
                <InLanguage language={lang('updated')}>{blogText.updated}</InLanguage> <time dateTime={post.updated}>{formatDate(post.updated)}</time>
              </span>
              <span aria-hidden="true"> · </span>
            </>
          )}
          <span>{post.readTime}</span>
        </span>
      </span>
    </p>
  )
}
