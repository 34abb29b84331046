import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { imageWidths } from '../../images/imageWidths.ts'

// An image's variants, each kept in the image cache under its key (imageStore.ts): one the cache has is not encoded again (encodeImage.ts).

/** Every width once, on two cores: AVIF effort 2 (3× faster than 4, a few % larger; tests/bench/images.mjs), quality 50; WebP default; JPEG, or PNG with alpha. */
export const ENCODE_OPTIONS = { avif: { quality: 50, effort: 2 }, webp: { quality: 75, effort: 4 }, jpeg: { quality: 78, mozjpeg: false }, png: { compressionLevel: 9, palette: true } } as const

export type VariantFormat = 'avif' | 'webp' | 'jpeg' | 'png'

/** What a raster image is, as far as its variants go; kept between builds (see imageStore.ts). */
export interface ImageFacts {
  /** The SHA-256 of its bytes. */
  hash: string
  /** Its size as shown, orientation applied. */
  width: number
  height: number
  fallback: 'jpeg' | 'png'
}

export interface Variant {
  format: VariantFormat
  width: number
  height: number
  /** The variant's key: the image's bytes, the format, width, options and the encoder's version. */
  key: string
}

const extension = (format: VariantFormat) => (format === 'jpeg' ? 'jpg' : format)

/** A variant's file name, in the cache and under assets/: the same bytes always get the same name. */
export const variantFile = (variant: Variant): string => `${variant.key}.${extension(variant.format)}`

/** An image's variants (AVIF, WebP, fallback) at each ladder width it reaches, keyed by `encoder` (sharp's and libvips's versions). */
export function plannedVariants(facts: ImageFacts, encoder: string): Variant[] {
  return (['avif', 'webp', facts.fallback] as const).flatMap((format) =>
    imageWidths(facts.width).map((width) => ({
      format,
      width,
      height: Math.max(1, Math.round((facts.height * width) / facts.width)),
      key: createHash('sha256').update(`${facts.hash}\0${format}\0${width}\0${JSON.stringify(ENCODE_OPTIONS[format])}\0${encoder}`).digest('hex').slice(0, 20),
    })),
  )
}

/** Of `variants`, those `cacheDir` lacks: the ones to encode. */
export const missingVariants = (variants: readonly Variant[], cacheDir: string): Variant[] => variants.filter((variant) => !existsSync(join(cacheDir, variantFile(variant))))
