import { closeSync, openSync, readSync } from 'node:fs'

/** Intrinsic size of an image in pixels. */
export interface ImageSize {
  width: number
  height: number
}

// Every format keeps its size near the start of the file; SVGs keep it on the root element.
const HEAD_BYTES = 64 * 1024

/** The width and height of a PNG, JPEG, GIF, WebP or SVG file, or undefined when they cannot be read. */
export function imageSize(file: string): ImageSize | undefined {
  let head: Buffer
  try {
    head = readHead(file)
  } catch {
    return undefined
  }
  return pngSize(head) ?? gifSize(head) ?? jpegSize(head) ?? webpSize(head) ?? svgSize(head)
}

function readHead(file: string): Buffer {
  const fd = openSync(file, 'r')
  try {
    const buffer = Buffer.alloc(HEAD_BYTES)
    return buffer.subarray(0, readSync(fd, buffer, 0, HEAD_BYTES, 0))
  } finally {
    closeSync(fd)
  }
}

const sized = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : undefined)

function pngSize(head: Buffer) {
  if (head.length < 24 || head.readUInt32BE(0) !== 0x89504e47 || head.toString('latin1', 12, 16) !== 'IHDR') return undefined
  return sized(head.readUInt32BE(16), head.readUInt32BE(20))
}

function gifSize(head: Buffer) {
  if (head.length < 10 || !/^GIF8[79]a$/.test(head.toString('latin1', 0, 6))) return undefined
  return sized(head.readUInt16LE(6), head.readUInt16LE(8))
}

function jpegSize(head: Buffer) {
  if (head.length < 4 || head[0] !== 0xff || head[1] !== 0xd8) return undefined
  let offset = 2
  while (offset + 9 < head.length) {
    if (head[offset] !== 0xff) return undefined
    const marker = head[offset + 1]!
    const length = head.readUInt16BE(offset + 2)
    // Start-of-frame markers (baseline, progressive, ...) hold the size; C4, C8 and CC do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return sized(head.readUInt16BE(offset + 7), head.readUInt16BE(offset + 5))
    offset += 2 + length
  }
  return undefined
}

function webpSize(head: Buffer) {
  if (head.length < 30 || head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WEBP') return undefined
  const chunk = head.toString('latin1', 12, 16)
  if (chunk === 'VP8X') return sized(1 + head.readUIntLE(24, 3), 1 + head.readUIntLE(27, 3))
  if (chunk === 'VP8 ') return sized(head.readUInt16LE(26) & 0x3fff, head.readUInt16LE(28) & 0x3fff)
  if (chunk === 'VP8L') {
    const bits = head.readUInt32LE(21)
    return sized(1 + (bits & 0x3fff), 1 + ((bits >> 14) & 0x3fff))
  }
  return undefined
}

function svgSize(head: Buffer) {
  const root = /<svg\b[^>]*>/i.exec(head.toString('utf8'))?.[0]
  if (!root) return undefined
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1]
  // Only unitless or px lengths are pixels; 100% or 10em say nothing about the intrinsic size.
  const pixels = (value: string | undefined) => (value && /^\s*[\d.]+(px)?\s*$/.test(value) ? Number.parseFloat(value) : undefined)
  const width = pixels(attribute('width'))
  const height = pixels(attribute('height'))
  if (width && height) return sized(Math.round(width), Math.round(height))
  const box = attribute('viewBox')?.trim().split(/[\s,]+/).map(Number)
  if (box?.length !== 4 || box.some(Number.isNaN)) return undefined
  const [, , boxWidth, boxHeight] = box as [number, number, number, number]
  if (width) return sized(Math.round(width), Math.round((width * boxHeight) / boxWidth))
  if (height) return sized(Math.round((height * boxWidth) / boxHeight), Math.round(height))
  return sized(Math.round(boxWidth), Math.round(boxHeight))
}
