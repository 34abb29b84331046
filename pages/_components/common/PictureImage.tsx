import { withBase } from '../../_lib/urls/href.ts'
import { COLUMN_SIZES, PLAIN_WIDTH, type Picture } from '../../_lib/picture.ts'

export interface PictureImageProps {
  picture: Picture
  alt: string
  className?: string
  /** Default: true. */
  lazy?: boolean
  /** The page's largest paint: fetched first. */
  priority?: boolean
  sizes?: string
}

const srcSet = (urls: string[], widths: number[]) => urls.map((url, index) => `${withBase(url)} ${widths[index]}w`).join(', ')

/** A raster image as the build made it: AVIF and WebP sources, then the fallback, sized so nothing shifts. */
export function PictureImage({ picture, alt, className, lazy = true, priority = false, sizes = COLUMN_SIZES }: PictureImageProps) {
  const plain = picture.widths.findLastIndex((width) => width <= PLAIN_WIDTH)
  return (
    <picture>
      {picture.avif.length > 0 && <source type="image/avif" srcSet={srcSet(picture.avif, picture.widths)} sizes={sizes} />}
      {picture.webp.length > 0 && <source type="image/webp" srcSet={srcSet(picture.webp, picture.widths)} sizes={sizes} />}
      <img
        src={withBase(picture.fallback[Math.max(plain, 0)]!)}
        srcSet={srcSet(picture.fallback, picture.widths)}
        sizes={sizes}
        alt={alt}
        width={picture.width}
        height={picture.height}
        loading={lazy ? 'lazy' : undefined}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        className={className}
      />
    </picture>
  )
}
