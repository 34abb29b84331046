import type { ListedPost } from '../_lib/pageData.ts'
import { rememberOrigin } from '../_lib/blogOrigin.ts'
import { postUrl } from '../_lib/urls.ts'
import { InPlaceLink } from './InPlaceLink.tsx'
import { ALONG_THE_LINE } from './Icon.tsx'
import styles from './PostCard.module.scss'
import { PostImage } from './PostImage.tsx'
import { CARD_SIZES } from '../_lib/picture.ts'
import { PostMeta } from './PostMeta.tsx'
import { TagList } from './TagList.tsx'
import { useSiteText } from '../_lib/siteText.ts'
import { usePageHref } from '../_lib/pageLocale.ts'

export interface PostCardProps {
  post: ListedPost
  /** The path of the list page showing the card (without the base): Back to Blog on the post returns there. */
  origin: string
  /** The first cards are in the first screen: their images load at once. */
  eager?: boolean
  /** The page's largest paint (the first card): its image is fetched first. */
  priority?: boolean
}

/** A post on a list of posts. The whole card is one link (the title's), which opens the post in place. */
export function PostCard({ post, origin, eager = false, priority = false }: PostCardProps) {
  const pageHref = usePageHref()
  const { blog: blogText } = useSiteText()
  return (
    <article className={styles.card}>
      <PostImage post={post} lazy={!eager} priority={priority} sizes={CARD_SIZES} className={styles.image} />
      <div className={styles.body}>
        <TagList tags={post.tags} status={post.status} />
        <h2 className={styles.title}>
          <InPlaceLink href={pageHref(postUrl(post.slug))} className={styles.link} onFollow={() => rememberOrigin(post.slug, origin)}>
            {post.title}
          </InPlaceLink>
        </h2>
        <p className={styles.excerpt}>{post.excerpt}</p>
        <div className={styles.footer}>
          <PostMeta post={post} />
          <span className={styles.more} aria-hidden="true">
            {blogText.readPost}
            <svg className={`icon ${ALONG_THE_LINE}`} viewBox="0 0 16 16" width="16" height="16">
              <path d="M3 8h10M9 4l4 4-4 4" />
            </svg>
          </span>
        </div>
      </div>
    </article>
  )
}
