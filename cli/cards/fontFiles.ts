import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { inflateSync } from 'node:zlib'
import { cacheDir, toolRoot } from '../toolRoot.ts'
import { fontDir, fontFile } from './fontFamilies.ts'
import { unpackedFont } from '../incremental/cards/fontCache.ts'

/** Inter as TrueType for text in an SVG logo (resvg reads no WOFF), unpacked from @fontsource/inter into the cache (unpackedFont). */
export function interTtfFiles(root = toolRoot, dir = join(cacheDir, 'cards', 'fonts')): string[] {
  mkdirSync(dir, { recursive: true })
  return ([400, 700] as const).map((weight) => {
    const source = join(fontDir(root), fontFile('latin', weight))
    return unpackedFont(source, dir, `inter-${weight}`, () => woffToSfnt(readFileSync(source)))
  })
}

/** A WOFF 1.0 font as the TrueType/OpenType file it wraps (tables inflated, directory rebuilt). */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF file')
  const flavor = woff.readUInt32BE(4)
  const count = woff.readUInt16BE(12)
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20
    const [tag, offset, compLength, origLength, checksum] = [woff.readUInt32BE(at), woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12), woff.readUInt32BE(at + 16)]
    const stored = woff.subarray(offset, offset + compLength)
    return { tag, checksum, data: compLength < origLength ? inflateSync(stored) : stored }
  })
  const headerSize = 12 + count * 16
  const size = tables.reduce((total, { data }) => total + ((data.length + 3) & ~3), headerSize)
  const out = Buffer.alloc(size)
  const log2 = Math.floor(Math.log2(count))
  out.writeUInt32BE(flavor, 0)
  out.writeUInt16BE(count, 4)
  out.writeUInt16BE(2 ** log2 * 16, 6)
  out.writeUInt16BE(log2, 8)
  out.writeUInt16BE(count * 16 - 2 ** log2 * 16, 10)
  let offset = headerSize
  tables.forEach(({ tag, checksum, data }, i) => {
    out.writeUInt32BE(tag, 12 + i * 16)
    out.writeUInt32BE(checksum, 16 + i * 16)
    out.writeUInt32BE(offset, 20 + i * 16)
    out.writeUInt32BE(data.length, 24 + i * 16)
    data.copy(out, offset)
    offset += (data.length + 3) & ~3
  })
  return out
}
