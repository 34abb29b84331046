import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { imageSize } from './imageSize.ts'

const dir = mkdtempSync(join(tmpdir(), 'kube-site-images-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function file(name: string, content: Buffer | string): string {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

// Headers written byte by byte from each format's specification, with a known size.
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.from([0, 0, 0x04, 0xb0, 0, 0, 0x02, 0x76, 8, 6, 0, 0, 0]),
])
const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([0x40, 0x01, 0xf0, 0x00, 0, 0, 0])])
const jpeg = Buffer.from([
  0xff, 0xd8, // SOI
  0xff, 0xe0, 0x00, 0x06, 0x4a, 0x46, 0x49, 0x46, // APP0, length 6
  0xff, 0xc4, 0x00, 0x04, 0x00, 0x00, // DHT (not a frame), length 4
  0xff, 0xc2, 0x00, 0x0b, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03, 0x01, 0x22, 0x00, // SOF2: 480 high, 640 wide
])
const webp = (chunk: string, body: number[]) =>
  Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBP'), Buffer.from(chunk), Buffer.from(body)])
// VP8X: 4 size bytes, 4 flag bytes, then width-1 and height-1 in 24 bits each.
const webpExtended = webp('VP8X', [0, 0, 0, 0, 0, 0, 0, 0, 0x1f, 0x03, 0x00, 0x57, 0x02, 0x00])
// VP8L: 4 size bytes, the 0x2f signature, then 14 bits of width-1 and 14 of height-1.
const webpLossless = webp('VP8L', [0, 0, 0, 0, 0x2f, 99, 0xc0, 0x0c, 0, 0, 0, 0, 0, 0])

describe('imageSize', () => {
  it.each([
    ['PNG', 'a.png', png, { width: 1200, height: 630 }],
    ['GIF', 'a.gif', gif, { width: 320, height: 240 }],
    ['JPEG (progressive, after other segments)', 'a.jpg', jpeg, { width: 640, height: 480 }],
    ['WebP (extended)', 'a.webp', webpExtended, { width: 800, height: 600 }],
    ['WebP (lossless)', 'b.webp', webpLossless, { width: 100, height: 52 }],
    ['SVG with width and height', 'a.svg', '<?xml version="1.0"?>\n<svg width="1200" height="630px" xmlns="http://www.w3.org/2000/svg"></svg>', { width: 1200, height: 630 }],
    ['SVG with a viewBox only', 'b.svg', '<svg viewBox="0 0 800 450"></svg>', { width: 800, height: 450 }],
    ['SVG with a width and a viewBox', 'c.svg', "<svg width='400' viewBox='0,0,800,450'></svg>", { width: 400, height: 225 }],
  ])('reads the size of a %s', (_, name, content, size) => {
    expect(imageSize(file(name, content))).toEqual(size)
  })

  it.each([
    ['an SVG sized in percent with no viewBox', 'd.svg', '<svg width="100%" height="100%"></svg>'],
    ['a file that is not an image', 'notes.txt', 'hello'],
    ['a truncated PNG', 'short.png', png.subarray(0, 20)],
  ])('gives undefined for %s', (_, name, content) => {
    expect(imageSize(file(name, content))).toBeUndefined()
  })

  it('gives undefined for a missing file', () => {
    expect(imageSize(join(dir, 'missing.png'))).toBeUndefined()
  })
})
