import type { PostSummary } from '../../../cli/content/types.ts'
import styles from './PostImage.module.scss'
import { ThemedImage, type ThemedImageProps } from '../common/ThemedImage.tsx'
import { coverIn } from '../../_lib/blog/postCover.ts'

// Cover images are drawn at the Open Graph size; CSS keeps this ratio whatever the file is.
const COVER_WIDTH = 1200
const COVER_HEIGHT = 630

type PostImages = Pick<PostSummary, 'image' | 'lightImage' | 'darkImage' | 'pictures'>

export interface PostImageProps extends Pick<ThemedImageProps, 'className' | 'lazy' | 'sizes'> {
  post: PostImages
  /** The page's largest paint (a post's cover, a list's first card): fetched first. */
  priority?: boolean
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
