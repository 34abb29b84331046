import { BLOG_TEXT } from '../_lib/siteText.ts'
import { formatDate } from '../_lib/formatDate.ts'
import { READ_NEXT_ID } from '../_lib/pageIds.ts'
import { withBase } from '../_lib/href.ts'
import type { RelatedPost } from '../_lib/relatedPosts.ts'
import { postUrl } from '../_lib/urls.ts'
import { InPlaceLink } from './InPlaceLink.tsx'
import styles from './RelatedPosts.module.scss'

/** The posts offered at the end of a post, as cards whose title links to the post (in place). */
export function RelatedPosts({ posts }: { posts: RelatedPost[] }) {
  if (posts.length === 0) return null
  return (
    <section className={styles.related} aria-labelledby={READ_NEXT_ID}>
      <h2 id={READ_NEXT_ID} className={styles.heading}>
        {BLOG_TEXT.readNext}
      </h2>
      <ul className={styles.cards}>
        {posts.map((post) => (
          <li key={post.slug} className={styles.card}>
            <InPlaceLink href={withBase(postUrl(post.slug))} className={styles.link}>
              {post.title}
            </InPlaceLink>
            <time dateTime={post.date} className={styles.date}>
              {formatDate(post.date)}
            </time>
          </li>
        ))}
      </ul>
    </section>
  )
}
