import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** The site path a pasted image gets in a rendered post, until placePostImages publishes it. */
export const PASTED_PREFIX = '/@pasted/'

const EXTENSIONS: Record<string, string> = { png: 'png', jpeg: 'jpg', jpg: 'jpg', gif: 'gif', webp: 'webp', avif: 'avif', 'svg+xml': 'svg', tiff: 'tif' }

// A data: URL where an image's URL goes: markdown's ](…) or an src attribute. Editors paste
// screenshots this way, a megabyte or more on one line.
const DATA_URL = /(?<=\]\(\s*<?|\bsrc\s*=\s*["'])data:image\/([a-z+.-]+);base64,([A-Za-z0-9+/]+={0,2})/gi

export interface PastedImage {
  /** Its file name: the hash of its bytes and its type's extension. */
  name: string
  bytes: Buffer
}

/**
 * The markdown with each pasted image (a base64 data: URL) replaced by a path under
 * PASTED_PREFIX, and the images. A type it does not know is left as it is (the sanitizer removes it).
 */
export function extractPastedImages(markdown: string): { markdown: string; images: PastedImage[] } {
  if (!markdown.includes('data:image/')) return { markdown, images: [] }
  const images: PastedImage[] = []
  const replaced = markdown.replace(DATA_URL, (url, type: string, payload: string) => {
    const extension = EXTENSIONS[type.toLowerCase()]
    if (!extension) return url
    const bytes = Buffer.from(payload, 'base64')
    const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 20)}.${extension}`
    images.push({ name, bytes })
    return `${PASTED_PREFIX}${name}`
  })
  return { markdown: replaced, images }
}

/** Writes pasted images into `dir` (a file already there has the same bytes: its name is their hash). */
export function writePastedImages(images: readonly PastedImage[], dir: string): void {
  for (const { name, bytes } of images) {
    const file = join(dir, name)
    if (existsSync(file)) continue
    mkdirSync(dir, { recursive: true })
    writeFileSync(`${file}.${process.pid}`, bytes)
    renameSync(`${file}.${process.pid}`, file)
  }
}
