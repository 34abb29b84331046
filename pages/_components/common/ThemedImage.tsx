import { withBase } from '../../_lib/urls/href.ts'
import type { Picture } from '../../_lib/picture.ts'
import { DEFAULT_THEME } from '../../_lib/browser/theme.ts'
import { PictureImage } from './PictureImage.tsx'

export interface ThemedImageProps {
  light: string
  dark: string
  alt: string
  width?: number
  height?: number
  className?: string
  /** Lazy unless the image is in the first screen. Default: true. */
  lazy?: boolean
  /** An image in the first screen that is the page's largest paint: fetched first. */
  priority?: boolean
  /** The variants the build made of raster images, by path: such an image is a <picture>. */
  pictures?: Record<string, Picture>
  /** Where a <picture> is shown, as its sizes attribute. Default: the blog's column. */
  sizes?: string
}

/** Both theme variants in the HTML, CSS showing the current one (no flash). The other is always lazy: hidden, it is never fetched; shown, it is in view. */
export function ThemedImage({ light, dark, alt, width, height, className = '', lazy = true, priority = false, pictures, sizes }: ThemedImageProps) {
  const image = (src: string, theme: string, themeClass: string) => {
    const eager = !lazy && theme === DEFAULT_THEME
    const classes = `${className} ${themeClass}`.trim()
    const picture = pictures?.[src]
    if (picture) return <PictureImage picture={picture} alt={alt} lazy={!eager} priority={eager && priority} className={classes} sizes={sizes} />
    return <img alt={alt} width={width} height={height} decoding="async" loading={eager ? undefined : 'lazy'} fetchPriority={eager && priority ? 'high' : undefined} src={withBase(src)} className={classes} />
  }
  if (light === dark) return image(light, DEFAULT_THEME, '')
  return (
    <>
      {image(light, 'light', 'themed--light')}
      {image(dark, 'dark', 'themed--dark')}
    </>
  )
}
