import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Sharp, SharpOptions } from 'sharp'
import { createFingerprint } from '../incremental/fingerprint.ts'
import { ENCODE_OPTIONS, missingVariants, plannedVariants, variantFile, type ImageFacts, type Variant } from '../incremental/images/imageVariants.ts'
import { writeFileAtomic } from '../util/writeFileAtomic.ts'

const require = createRequire(import.meta.url)
let loaded: typeof import('sharp').default | undefined
/** sharp, loaded on first use: libvips's 0.15–0.25 s load is never paid by a build with nothing to encode. */
export const sharp = (input?: Buffer | string, options?: SharpOptions): Sharp => {
  loaded ??= require('sharp') as typeof import('sharp').default
  return loaded(input, options)
}

/** Pixels an image may have (width × height): past it, decoding it would take gigabytes (a decompression bomb). */
export const MAX_IMAGE_PIXELS = 50_000_000

export interface EncodeResult {
  facts: ImageFacts
  variants: Variant[]
  encoded: number
  fromCache: number
}

/** Makes the variants `cacheDir` lacks: decoded once, resized per width, encoded thrice. Throws for non-images, and before decoding past MAX_IMAGE_PIXELS. */
export async function encodeImage(source: Buffer | (() => Promise<Buffer>), cacheDir: string, known?: ImageFacts, encoder = createFingerprint().key('images')): Promise<EncodeResult> {
  // Read only when needed: a rebuild in which the image is known and its variants cached reads nothing.
  let bytes = Buffer.isBuffer(source) ? source : undefined
  const read = async () => (bytes ??= await (source as () => Promise<Buffer>)())
  const input = () => sharp(bytes!, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
  const facts = known ?? (await readFacts(await read(), input))
  const variants = plannedVariants(facts, encoder)
  const missing = missingVariants(variants, cacheDir)
  if (missing.length > 0) {
    await read()
    mkdirSync(cacheDir, { recursive: true })
    const { data, info } = await input().autoOrient().raw().toBuffer({ resolveWithObject: true })
    const raw = { width: info.width, height: info.height, channels: info.channels }
    for (const width of new Set(missing.map((variant) => variant.width))) {
      const sized =
        width === info.width
          ? { data, info: raw }
          : await sharp(data, { raw }).resize({ width, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true }).then(({ data, info }) => ({ data, info: { width: info.width, height: info.height, channels: info.channels } }))
      await Promise.all(
        missing
          .filter((variant) => variant.width === width)
          .map(async (variant) => {
            const output = await sharp(sized.data, { raw: sized.info }).toFormat(variant.format, ENCODE_OPTIONS[variant.format]).toBuffer()
            // Written aside, then renamed: a build that dies never leaves half a variant in the cache.
            const file = join(cacheDir, variantFile(variant))
            writeFileAtomic(file, output)
          }),
      )
    }
  }
  return { facts, variants, encoded: missing.length, fromCache: variants.length - missing.length }
}

async function readFacts(bytes: Buffer, input: () => Sharp): Promise<ImageFacts> {
  const metadata = await input().metadata()
  const { width, height } = metadata.autoOrient ?? metadata
  if (!width || !height) throw new Error('the image has no size')
  if (width * height > MAX_IMAGE_PIXELS) throw new Error(`the image has ${width} × ${height} pixels, past the limit of ${MAX_IMAGE_PIXELS / 1e6} million`)
  // A screenshot's PNG often has an alpha channel it never uses: only real transparency keeps PNG.
  const transparent = metadata.hasAlpha === true && !(await input().stats()).isOpaque
  return { hash: createHash('sha256').update(bytes).digest('hex'), width, height, fallback: transparent ? 'png' : 'jpeg' }
}
