import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import opentype from 'opentype.js'
import { Resvg } from '@resvg/resvg-js'
import { describe, expect, it } from 'vitest'
import { fontDir, fontFile } from './fontFamilies.ts'
import { interTtfFiles, woffToSfnt } from './fontFiles.ts'

const woff = readFileSync(join(fontDir(), fontFile('latin', 400)))
const arrayBuffer = (bytes: Buffer) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer

/** The OpenType checksum of a table: its bytes as big-endian 32-bit words, summed. */
function tableChecksum(data: Buffer): number {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)])
  let sum = 0
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0
  return sum
}

describe('woffToSfnt', () => {
  it('unpacks Inter into a font file whose every table matches its checksum, aligned as OpenType asks', () => {
    const sfnt = woffToSfnt(woff)
    const count = sfnt.readUInt16BE(4)
    expect(count).toBe(woff.readUInt16BE(12))
    expect([sfnt.readUInt32BE(0)]).toContain(woff.readUInt32BE(4))
    for (let i = 0; i < count; i++) {
      const [tag, checksum, offset, length] = [sfnt.toString('latin1', 12 + i * 16, 16 + i * 16), sfnt.readUInt32BE(16 + i * 16), sfnt.readUInt32BE(20 + i * 16), sfnt.readUInt32BE(24 + i * 16)]
      expect(offset % 4, tag).toBe(0)
      const data = Buffer.from(sfnt.subarray(offset, offset + length))
      // head's checksum is taken with its checkSumAdjustment field as 0.
      if (tag === 'head') data.writeUInt32BE(0, 8)
      expect(tableChecksum(data), tag).toBe(checksum)
    }
  })

  it('gives the same font as the WOFF: the same glyphs, outlines and advances', () => {
    const unpacked = opentype.parse(arrayBuffer(woffToSfnt(woff)))
    const packed = opentype.parse(arrayBuffer(woff))
    expect(unpacked.unitsPerEm).toBe(packed.unitsPerEm)
    for (const char of 'Kubernetes, Žluť?') {
      const [a, b] = [unpacked.glyphs.get(unpacked.charToGlyphIndex(char)), packed.glyphs.get(packed.charToGlyphIndex(char))]
      expect([a.index, a.advanceWidth, a.getPath(0, 0, 64).toPathData(2)]).toEqual([b.index, b.advanceWidth, b.getPath(0, 0, 64).toPathData(2)])
    }
  })

  it('refuses a file that is not WOFF', () => {
    expect(() => woffToSfnt(Buffer.from('not a font at all, clearly'))).toThrow('not a WOFF file')
  })

  it('is what resvg draws an SVG logo’s text with', () => {
    const files = interTtfFiles(undefined, mkdtempSync(join(tmpdir(), 'fonts-')))
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><text x="4" y="44" font-family="Inter" font-size="40" fill="#000">Kube</text></svg>'
    const render = (fontFiles: string[]) => new Resvg(svg, { background: '#ffffff', font: { loadSystemFonts: false, fontFiles, defaultFontFamily: 'Inter' } }).render().pixels
    const inked = (pixels: Buffer) => pixels.filter((value, index) => index % 4 === 0 && value < 128).length
    expect(inked(render([]))).toBe(0)
    expect(inked(render(files))).toBeGreaterThan(300)
  })

  it('unpacks a font again once @fontsource/inter changes (an upgrade): the cache never serves the old one', () => {
    const root = mkdtempSync(join(tmpdir(), 'fonts-root-'))
    const dir = mkdtempSync(join(tmpdir(), 'fonts-'))
    mkdirSync(fontDir(root), { recursive: true })
    for (const weight of [400, 700]) copyFileSync(join(fontDir(), fontFile('latin', weight)), join(fontDir(root), fontFile('latin', weight)))
    const before = interTtfFiles(root, dir)
    expect(interTtfFiles(root, dir)).toEqual(before)
    // Another version's file: here the same font with bytes after it, which WOFF's table directory leaves out.
    appendFileSync(join(fontDir(root), fontFile('latin', 700)), Buffer.alloc(64))
    const after = interTtfFiles(root, dir)
    expect(after[0]).toBe(before[0])
    expect(after[1]).not.toBe(before[1])
    expect(readdirSync(dir).sort()).toEqual([...before, after[1]!].map((file) => basename(file)).sort())
  })
})
