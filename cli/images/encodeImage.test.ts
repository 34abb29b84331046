import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { encodeImage } from './encodeImage.ts'
import { variantFile } from '../incremental/images/imageVariants.ts'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kube-site-images-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const png = (width: number, height: number, alpha = 1) =>
  sharp({ create: { width, height, channels: 4, background: { r: 40, g: 90, b: 160, alpha } } }).png().toBuffer()

describe('encodeImage', () => {
  it('encodes AVIF, WebP and JPEG at the ladder widths up to the original, never upscaled', async () => {
    const cache = tempDir()
    const result = await encodeImage(await png(1200, 750), cache)
    expect(result).toMatchObject({ facts: { width: 1200, height: 750, fallback: 'jpeg' }, encoded: 12, fromCache: 0 })
    expect(result.variants.map(({ format, width }) => `${format} ${width}`)).toEqual(
      ['avif', 'webp', 'jpeg'].flatMap((format) => [480, 768, 1080, 1200].map((width) => `${format} ${width}`)),
    )
    for (const variant of result.variants) {
      const meta = await sharp(join(cache, variantFile(variant))).metadata()
      expect([meta.format === 'heif' ? 'avif' : meta.format, meta.width, meta.height]).toEqual([variant.format, variant.width, variant.height])
    }
  })

  it('keeps transparency with a PNG fallback, and drops an alpha channel nothing uses', async () => {
    const transparent = await encodeImage(await png(300, 200, 0.5), tempDir())
    expect(transparent.variants.map(({ format }) => format)).toEqual(['avif', 'webp', 'png'])
    const opaque = await encodeImage(await png(300, 200, 1), tempDir())
    expect(opaque.variants.map(({ format }) => format)).toEqual(['avif', 'webp', 'jpeg'])
  })

  it('encodes nothing the second time: every variant comes from the cache', async () => {
    const cache = tempDir()
    const bytes = await png(800, 500)
    const first = await encodeImage(bytes, cache)
    const files = readdirSync(cache).sort()
    const second = await encodeImage(bytes, cache, first.facts)
    expect([second.encoded, second.fromCache]).toEqual([0, first.encoded])
    expect(readdirSync(cache).sort()).toEqual(files)
    // Another image, or the same one at another quality, is another set of files.
    const other = await encodeImage(await png(800, 501), cache)
    expect(other.encoded).toBe(first.encoded)
  })

  it('refuses an image past the pixel limit before decoding it, and a corrupt one', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#fff' } }).png().toBuffer()
    await expect(encodeImage(bomb, tempDir())).rejects.toThrow(/pixel/i)
    await expect(encodeImage(Buffer.from('not an image'), tempDir())).rejects.toThrow()
    const truncated = (await png(400, 300)).subarray(0, 200)
    await expect(encodeImage(truncated, tempDir())).rejects.toThrow()
  })

  it('names a variant by its key, the same bytes always the same name', async () => {
    const bytes = await png(480, 300)
    const [a, b] = [await encodeImage(bytes, tempDir()), await encodeImage(bytes, tempDir())]
    expect(variantFile(a.variants[0]!)).toMatch(/^[0-9a-f]{20}\.avif$/)
    expect(a.variants.map(variantFile)).toEqual(b.variants.map(variantFile))
  })
})
