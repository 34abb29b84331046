import type { PostSummary } from '../../../cli/content/types.ts'
import styles from './PostImage.module.scss'
import { ThemedImage } from '../common/ThemedImage.tsx'
import { coverIn } from '../../_lib/blog/postCover.ts'

// Cover images are drawn at the Open Graph size; CSS keeps this ratio whatever the file is.
const COVER_WIDTH = 1200
const COVER_HEIGHT = 630

type PostImages = Pick<PostSummary, 'image' | 'lightImage' | 'darkImage' | 'pictures'>

export interface PostImageProps {
  post: PostImages
  className?: string
  /** Lazy unless the image is in the first screen. Default: true. */
  lazy?: boolean
  /** The page's largest paint (a post's cover, a list's first card): fetched first. */
  priority?: boolean
  /** Where a <picture> is shown, as its sizes attribute. Default: the blog's column. */
  sizes?: string
}

/** A post's cover in each theme (both in the HTML, CSS shows one), decorative; a post without one gets a patterned panel, so cards keep one shape. */
export function PostImage({ post, className = '', lazy = true, priority = false, sizes }: PostImageProps) {
  const light = coverIn(post, 'light')
  const dark = coverIn(post, 'dark')
  return (
    <div className={`${styles.frame} ${className}`.trim()}>
      {light && dark ? (
        <ThemedImage light={light} dark={dark} alt="" width={COVER_WIDTH} height={COVER_HEIGHT} lazy={lazy} priority={priority} pictures={post.pictures} sizes={sizes} className={styles.image} />
      ) : <div className={styles.placeholder} aria-hidden="true" />}
    </div>
  )
}
