import { constants, crc32, deflateSync } from 'node:zlib'
import type { Glyph } from 'opentype.js'

// A card's pixels, indexed (≤ 256 colours): flat colours and one-colour text, so a short ramp draws anti-aliased edges and the PNG compresses fast.

export type Rgb = readonly [number, number, number]

/** The colours of an image, up to 256. */
export class Palette {
  readonly colors: Rgb[] = []
  readonly #index = new Map<number, number>()

  /** The index of `color`, added when new. */
  add(color: Rgb): number {
    const key = (color[0] << 16) | (color[1] << 8) | color[2]
    let index = this.#index.get(key)
    if (index === undefined) {
      if (this.colors.length === 256) throw new Error('a social card has more than 256 colours')
      index = this.colors.length
      this.colors.push(color)
      this.#index.set(key, index)
    }
    return index
  }

  /** `levels` mixes from `under` (level 0) to `over`: the indices text of colour `over` is drawn with on `under`, by coverage. */
  ramp(over: Rgb, under: Rgb, levels: number): Ramp {
    const indices = Uint8Array.from({ length: levels }, (_, level) => this.add(mix(over, under, level / (levels - 1))))
    const levelOf = new Int16Array(256).fill(-1)
    indices.forEach((index, level) => (levelOf[index] = Math.max(levelOf[index]!, level)))
    return { indices, levelOf }
  }
}

/** A ramp's indices by level, and the level of each index (-1: not in the ramp). */
export interface Ramp {
  indices: Uint8Array
  levelOf: Int16Array
}

export function mix(over: Rgb, under: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((i) => Math.round(over[i]! * amount + under[i]! * (1 - amount))) as unknown as Rgb
}

export function hexRgb(hex: string): Rgb {
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as unknown as Rgb
}

export const rgbHex = (color: Rgb): string => `#${color.map((value) => value.toString(16).padStart(2, '0')).join('')}`

/** A coverage mask: one byte (0–255) a pixel, placed at `left`, `top` from a glyph's origin. */
export interface Mask {
  width: number
  height: number
  left: number
  top: number
  alpha: Uint8Array
}

/** Draws a glyph's outline (an SVG path, origin at 0,0) as a mask; resvg does it for the card renderer. */
export type GlyphRasterizer = (pathData: string, box: { left: number; top: number; width: number; height: number }) => Uint8Array

/** Sub-pixel positions a glyph is drawn at: quarters of a pixel. */
const SUBPIXELS = 4

/** Glyph masks, drawn once per glyph, size and quarter-pixel offset. */
export class GlyphCache {
  readonly #masks = new Map<string, Mask>()
  readonly #rasterize: GlyphRasterizer

  constructor(rasterize: GlyphRasterizer) {
    this.#rasterize = rasterize
  }

  /** The mask of `glyph` at `size` px with its origin `fraction` (0–1) of a pixel right of a pixel's edge. */
  mask(fontId: string, glyph: Glyph, size: number, fraction: number): Mask {
    const step = Math.min(SUBPIXELS - 1, Math.round(fraction * SUBPIXELS))
    const key = `${fontId}:${glyph.index}:${size}:${step}`
    let mask = this.#masks.get(key)
    if (!mask) {
      // The glyph's box with a pixel to spare each side (Inter's widest glyphs ~1.2 em), drawn at its origin plus the offset so the mask's grid is the card's.
      const left = -Math.ceil(size * 0.3) - 1
      const top = -Math.ceil(size * 1.4)
      const width = Math.ceil(size * 2.2) + 2
      const height = Math.ceil(size * 2)
      const path = pathData(glyph, step / SUBPIXELS, size)
      mask = path ? trim(this.#rasterize(path, { left, top, width, height }), { left, top, width, height }) : { width: 0, height: 0, left: 0, top: 0, alpha: new Uint8Array(0) }
      this.#masks.set(key, mask)
    }
    return mask
  }
}

/** The glyph's outline at `x`, `size` as SVG path data to 1/1000 px; opentype.js 2.0 writes NaN within 1e-6 of an integer (resvg then drops the rest), so such a path is rewritten from coordinates rounded to 1e-4. */
function pathData(glyph: Glyph, x: number, size: number): string {
  const path = glyph.getPath(x, 0, size)
  const data = path.toPathData(3)
  if (!data.includes('NaN')) return data
  for (const command of path.commands) {
    for (const key of ['x', 'y', 'x1', 'y1', 'x2', 'y2'] as const) {
      const value = command[key]
      if (value !== undefined) command[key] = Math.round(value * 1e4) / 1e4
    }
  }
  return path.toPathData(3)
}

/** The smallest mask holding every covered pixel of `alpha`. */
function trim(alpha: Uint8Array, box: { left: number; top: number; width: number; height: number }): Mask {
  let [minX, minY, maxX, maxY] = [box.width, box.height, -1, -1]
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      if (alpha[y * box.width + x]) {
        if (x < minX) minX = x
        if (x > maxX) maxX = x
        if (y < minY) minY = y
        if (y > maxY) maxY = y
      }
    }
  }
  if (maxX < 0) return { width: 0, height: 0, left: 0, top: 0, alpha: new Uint8Array(0) }
  const width = maxX - minX + 1
  const height = maxY - minY + 1
  const out = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) out.set(alpha.subarray((minY + y) * box.width + minX, (minY + y) * box.width + minX + width), y * width)
  return { width, height, left: box.left + minX, top: box.top + minY, alpha: out }
}

/** An indexed image as PNG scanlines: each row a filter byte (0) and a palette index a pixel. */
export class IndexedImage {
  readonly width: number
  readonly height: number
  readonly rows: Buffer
  readonly stride: number

  constructor(width: number, height: number, rows = Buffer.alloc((width + 1) * height)) {
    this.width = width
    this.height = height
    this.rows = rows
    this.stride = width + 1
  }

  /** This image's pixels copied into `into` (one of the same size, reused from card to card), or into a new one. */
  copy(into?: IndexedImage): IndexedImage {
    if (!into) return new IndexedImage(this.width, this.height, Buffer.from(this.rows))
    this.rows.copy(into.rows)
    return into
  }

  png(palette: Palette): Buffer {
    return pngFile(this.width, this.height, palette, deflateSync(this.rows, DEFLATE))
  }

  at(x: number, y: number): number {
    return this.rows[y * this.stride + 1 + x]!
  }

  set(x: number, y: number, index: number): void {
    if (x >= 0 && y >= 0 && x < this.width && y < this.height) this.rows[y * this.stride + 1 + x] = index
  }

  fill(left: number, top: number, width: number, height: number, index: number): void {
    const [x0, x1] = [Math.max(0, left), Math.min(this.width, left + width)]
    for (let y = Math.max(0, top); y < Math.min(this.height, top + height); y++) {
      const row = y * this.stride + 1
      this.rows.fill(index, row + x0, row + x1)
    }
  }

  /** Draws a coverage mask with a ramp at (x, y), unless a pixel already shows a higher level of it (touching glyphs). */
  draw(mask: Mask, x: number, y: number, ramp: Ramp): void {
    const last = ramp.indices.length - 1
    const rows = this.rows
    const [mx0, mx1] = [Math.max(0, -(x + mask.left)), Math.min(mask.width, this.width - x - mask.left)]
    for (let my = 0; my < mask.height; my++) {
      const py = y + mask.top + my
      if (py < 0 || py >= this.height) continue
      const row = py * this.stride + 1 + x + mask.left
      const from = my * mask.width
      for (let mx = mx0; mx < mx1; mx++) {
        const coverage = mask.alpha[from + mx]!
        if (!coverage) continue
        const level = ((coverage * last + 127) / 255) | 0
        if (level && ramp.levelOf[rows[row + mx]!]! < level) rows[row + mx] = ramp.indices[level]!
      }
    }
  }
}

/** zlib's run-length strategy at level 1 compresses a card in about a millisecond, within a few percent of the size of level 6, which takes ten. */
const DEFLATE = { level: 1, strategy: constants.Z_RLE }

/** An indexed-colour PNG of `palette` and compressed scanlines (a zlib stream). */
export function pngFile(width: number, height: number, palette: Palette, zlibStream: Buffer): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 3, 0, 0, 0], 8) // 8 bits, indexed colour, deflate, adaptive filtering (every row: none), no interlace
  const plte = Buffer.from(palette.colors.flat())
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('PLTE', plte), chunk('IDAT', zlibStream), chunk('IEND', Buffer.alloc(0))])
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, 'latin1')
  data.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}
