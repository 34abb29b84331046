import { READ_NEXT_ID } from '../../_lib/pageIds.ts'
import type { RelatedPost } from '../../_lib/blog/relatedPosts.ts'
import { postUrl } from '../../_lib/urls/urls.ts'
import { InPlaceLink } from '../common/InPlaceLink.tsx'
import styles from './RelatedPosts.module.scss'
import { useSiteText } from '../../_lib/text/siteText.ts'
import { usePageHref } from '../../_lib/locales/pageLocale.ts'

/** The posts offered at the end of a post, as cards whose title links to the post (in place). */
export function RelatedPosts({ posts }: { posts: RelatedPost[] }) {
  const pageHref = usePageHref()
  const { blog: blogText, formatDate, lang } = useSiteText()
  if (posts.length === 0) return null
  return (
    <section className={styles.related} aria-labelledby={READ_NEXT_ID}>
      <h2 id={READ_NEXT_ID} className={styles.heading} {...lang('readNext')}>{blogText.readNext}</h2>
      <ul className={styles.cards}>
        {posts.map((post) => (
          <li key={post.slug} className={styles.card}>
            <InPlaceLink href={pageHref(postUrl(post.slug))} className={styles.link}>{post.title}</InPlaceLink>
            <time dateTime={post.date} className={styles.date}>{formatDate(post.date)}</time>
          </li>
        ))}
      </ul>
    </section>
  )
}
