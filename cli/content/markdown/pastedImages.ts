import { createHash } from 'node:crypto'
import { MarkdownLimitError } from './markdownLimits.ts'
import { positionOf } from './tokenPositions.ts'

// Images pasted as data: URLs: the renderer puts a path named by their hash in their place; cli/images/pastedImages.ts writes the files.

/** The site path a pasted image gets in a rendered post, until the images stage publishes it. */
export const PASTED_PREFIX = '/@pasted/'

const EXTENSIONS: Record<string, string> = { png: 'png', jpeg: 'jpg', jpg: 'jpg', gif: 'gif', webp: 'webp', avif: 'avif', 'svg+xml': 'svg', tiff: 'tif' }

// A data: URL where an image's URL goes: markdown's ](…) or an src attribute. Editors paste screenshots this way, a megabyte or more on one line.
const DATA_URL = /(?<=\]\(\s*<?|\bsrc\s*=\s*["'])data:image\/([a-z+.-]+);base64,([A-Za-z0-9+/]+={0,2})/gi

export interface PastedImage {
  /** Its file name: the hash of its bytes and its type's extension. */
  name: string
  bytes: Buffer
  /** Where its data: URL starts in the text it was found in. */
  offset: number
  /** The data: URL's length there. */
  length: number
}

/** The column in `text` of `column` of `line` in the markdown extractPastedImages made: pasted images before it took more room. */
export function columnInText(text: string, images: readonly PastedImage[], line: number, column: number): number {
  let shift = 0
  for (const image of images) {
    const at = positionOf(text, image.offset)
    if (at.line < line) continue
    if (at.line > line || at.column - shift >= column) break
    shift += image.length - PASTED_PREFIX.length - image.name.length
  }
  return column + shift
}

/** What may follow a data: URL's base64: the end of the markdown link or of the attribute. */
const URL_END = /[\s)>"']/

/** The markdown with each pasted image (base64 data: URL) replaced by a path under PASTED_PREFIX, and the images; an unknown type stays (the sanitizer removes it). */
export function extractPastedImages(markdown: string): { markdown: string; images: PastedImage[] } {
  if (!markdown.includes('data:image/')) return { markdown, images: [] }
  const images: PastedImage[] = []
  const replaced = markdown.replace(DATA_URL, (url, type: string, payload: string, offset: number) => {
    const extension = EXTENSIONS[type.toLowerCase()]
    if (!extension) return url
    // Base64 stops at the end of the URL; anything else there (or a lone last character) is a paste gone wrong.
    const next = markdown[offset + url.length]
    if ((next !== undefined && !URL_END.test(next)) || payload.replace(/=+$/, '').length % 4 === 1) {
      const { line, column } = positionOf(markdown, offset)
      throw new MarkdownLimitError(
        `the image pasted here (a data:image/${type} URL) is not valid base64`,
        'Paste the image again, or save it beside the post and link it: ![What it shows](./screenshot.png)',
        line,
        column,
      )
    }
    const bytes = Buffer.from(payload, 'base64')
    const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 20)}.${extension}`
    images.push({ name, bytes, offset, length: url.length })
    return `${PASTED_PREFIX}${name}`
  })
  return { markdown: replaced, images }
}
