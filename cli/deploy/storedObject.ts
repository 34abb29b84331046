import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import { promisify } from 'node:util'
import { crc32, deflateRaw } from 'node:zlib'
import { contentTypeFor, isTextContentType } from '../preview/contentTypes.ts'
import { cacheControlFor, type CacheRule } from './cacheControlFor.ts'

// How a file of dist/ becomes an object: its bytes (gzipped or as built) and the headers it is
// stored with. `deploy` stores objects this way and `preview` serves files this way, so what is
// measured locally is what visitors get from the bucket.

/** The `deploy` section of site.config.ts that decides how objects are stored. */
export interface StorageRules {
  /** Store text gzip-compressed, with Content-Encoding: gzip. */
  compress: boolean
  /** deploy.cacheControl: checked in order before the defaults. */
  cacheControl: readonly CacheRule[]
}

/** What a config without a `deploy` section gets. */
export const DEFAULT_STORAGE: StorageRules = { compress: true, cacheControl: [] }

/** The headers an object is stored, and so served, with. */
export interface ObjectHeaders {
  contentType: string
  cacheControl: string
  /** 'gzip' when the stored bytes are the file gzipped. */
  contentEncoding?: 'gzip'
}

/** The bytes and digest of an object as stored. */
export interface StoredDigest {
  size: number
  /** MD5 of the stored bytes, lower-case hex: the ETag S3 gives it. */
  md5: string
}

/**
 * Whether files of a Content-Type are worth gzipping: text, SVG, web manifests, and wasm (binary,
 * but not compressed). Images, PDFs, fonts, video and audio are compressed already.
 */
export function isCompressible(contentType: string): boolean {
  return isTextContentType(contentType) || contentType === 'application/wasm'
}

/**
 * The headers of the object a path in dist/ (with '/' separators) becomes. A redirect page is
 * HTML and stored as any page; the body of an object S3 answers with a 301 (website redirect
 * location) is never read, so its encoding would not matter.
 */
export function objectHeaders(path: string, rules: StorageRules): ObjectHeaders {
  const contentType = contentTypeFor(path)
  const headers: ObjectHeaders = { contentType, cacheControl: cacheControlFor(path, rules.cacheControl) }
  if (rules.compress && isCompressible(contentType)) headers.contentEncoding = 'gzip'
  return headers
}

/**
 * The level is part of the stored bytes: changing it makes every text object look changed once.
 * Objects are compressed once and downloaded many times, so the slowest, smallest level it is.
 */
export const GZIP_LEVEL = 9
// Written by hand rather than by zlib, which puts the build platform in the OS byte (3 on Linux,
// 19 on macOS, 10 on Windows): the same file must give the same bytes wherever deploy runs.
// ID1 ID2, CM deflate, FLG 0 (no file name, comment, extra field or header CRC), MTIME 0 (none),
// XFL 2 (slowest algorithm, as level 9 is), OS 255 (unknown).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 255])
const deflateRawAsync = promisify(deflateRaw)

/**
 * Gzips bytes deterministically: a fixed header and level, so a file compresses to the same bytes
 * (and MD5) at every deploy and an unchanged file is never uploaded again. Another zlib (a
 * different Node release) may choose other bytes for the same file; that costs one re-upload.
 */
export async function gzipForStorage(body: Buffer): Promise<Buffer> {
  const deflated = await deflateRawAsync(body, { level: GZIP_LEVEL })
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc32(body), 0)
  // ISIZE is the length modulo 2^32 (RFC 1952).
  trailer.writeUInt32LE(body.length % 2 ** 32, 4)
  return Buffer.concat([GZIP_HEADER, deflated, trailer])
}

/** The bytes stored for a file's bytes under these headers. */
export function storedBytes(body: Buffer, headers: ObjectHeaders): Promise<Buffer> {
  return headers.contentEncoding === 'gzip' ? gzipForStorage(body) : Promise.resolve(body)
}

/**
 * Size and MD5 of the object a file of `size` bytes becomes. Files stored as built are streamed
 * (they may be large videos); text is read whole to be compressed, as the upload will.
 */
export async function storedDigest(file: string, headers: ObjectHeaders, size: number): Promise<StoredDigest> {
  if (headers.contentEncoding !== 'gzip') {
    const hash = createHash('md5')
    await pipeline(createReadStream(file), hash)
    return { size, md5: hash.digest('hex') }
  }
  const stored = await storedBytes(await readFile(file), headers)
  return { size: stored.length, md5: md5Hex(stored) }
}

/** MD5 of bytes, lower-case hex. */
export const md5Hex = (bytes: Buffer): string => createHash('md5').update(bytes).digest('hex')
