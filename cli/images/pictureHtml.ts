import { PLAIN_WIDTH } from '../../pages/_lib/picture.ts'
import type { VariantFormat } from '../incremental/images/imageVariants.ts'
import { escapeHtml } from '../util/escapeHtml.ts'

/** A variant as the page links it: its URL under assets/ and its width. */
export interface PlacedVariant {
  format: VariantFormat
  width: number
  url: string
}

export interface PictureOptions {
  alt: string
  title?: string
  width: number
  height: number
  variants: PlacedVariant[]
  /** Where the image is shown, as the sizes attribute says it (the article column, a card...). */
  sizes: string
  /** The page's largest-paint candidate: eager, fetched first. Default: false (lazy). */
  priority?: boolean
}

const srcset = (variants: PlacedVariant[]) => variants.map((variant) => `${escapeHtml(variant.url)} ${variant.width}w`).join(', ')
const TYPES: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' }

/** The one variant shown where one URL fits (an <img> src, a feed, a twin): the largest fallback a screen needs. */
export function plainVariant(variants: readonly PlacedVariant[]): PlacedVariant {
  const fallback = variants.filter((variant) => variant.format === 'jpeg' || variant.format === 'png')
  const plain = fallback.findLast((variant) => variant.width <= PLAIN_WIDTH) ?? fallback[0]
  if (!plain) throw new Error('a picture needs a fallback variant (JPEG or PNG)')
  return plain
}

/** A <picture>: AVIF and WebP sources, then an <img> every browser shows, sized so nothing shifts. */
export function pictureHtml({ alt, title, width, height, variants, sizes, priority = false }: PictureOptions): string {
  const of = (format: VariantFormat) => variants.filter((variant) => variant.format === format)
  const fallback = variants.filter((variant) => variant.format === 'jpeg' || variant.format === 'png')
  const sources = (['avif', 'webp'] as const)
    .filter((format) => of(format).length > 0)
    .map((format) => `<source type="${TYPES[format]}" srcset="${srcset(of(format))}" sizes="${escapeHtml(sizes)}">`)
    .join('')
  const plain = plainVariant(variants)
  const loading = priority ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"'
  const titled = title ? ` title="${escapeHtml(title)}"` : ''
  return `<picture>${sources}<img src="${escapeHtml(plain.url)}" srcset="${srcset(fallback)}" sizes="${escapeHtml(sizes)}" alt="${escapeHtml(alt)}"${titled} width="${width}" height="${height}" ${loading} decoding="async"></picture>`
}
