import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import { promisify } from 'node:util'
import { crc32, deflateRaw } from 'node:zlib'
import { redirectTargetOf } from '../generator/siteFiles/redirectPage.ts'
import { contentTypeFor, isTextContentType } from '../preview/contentTypes.ts'
import { cacheControlFor, type CacheRule } from './cacheControlFor.ts'

// How a file of dist/ becomes an object, its bytes and headers: `deploy` stores and `preview` serves this way, so what is measured locally is what visitors get.

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
  /** x-amz-website-redirect-location: S3 answers with a 301 to it; a redirect page's target with the base. */
  websiteRedirectLocation?: string
}

/** The bytes and digest of an object as stored. */
export interface StoredDigest {
  size: number
  /** MD5 of the stored bytes, lower-case hex: the ETag S3 gives it. */
  md5: string
}

/** Whether a Content-Type is worth gzipping: text, SVG, manifests, wasm; images, PDFs, fonts and media are compressed already. */
export function isCompressible(contentType: string): boolean {
  return isTextContentType(contentType) || contentType === 'application/wasm'
}

/** The headers of the object a dist/ path becomes, as far as the path decides (storedObject and storedDigest add a redirect's location). */
export function objectHeaders(path: string, rules: StorageRules): ObjectHeaders {
  const contentType = contentTypeFor(path)
  const headers: ObjectHeaders = { contentType, cacheControl: cacheControlFor(path, rules.cacheControl) }
  if (rules.compress && isCompressible(contentType)) headers.contentEncoding = 'gzip'
  return headers
}

// S3 refuses other redirect locations, and a header holds no spaces or non-ASCII: such a page is stored plain, redirecting by its own refresh and script.
const STORABLE_LOCATION = /^(?:\/|https?:\/\/)[\x21-\x7e]*$/i

/** The website redirect location of a dist/ file: a redirect page's target (redirectTargetOf), so S3 answers a 301. */
export function websiteRedirectLocation(path: string, body: Buffer): string | undefined {
  if (!path.endsWith('.html')) return undefined
  const target = redirectTargetOf(body.toString('utf8'))
  return target !== undefined && STORABLE_LOCATION.test(target) ? target : undefined
}

const withRedirect = (headers: ObjectHeaders, path: string, body: Buffer): ObjectHeaders => {
  const location = websiteRedirectLocation(path, body)
  return location === undefined ? headers : { ...headers, websiteRedirectLocation: location }
}

/** Part of the stored bytes (a change re-uploads every text once): compressed once, downloaded often, so the smallest. */
export const GZIP_LEVEL = 9
// By hand, not zlib's (its OS byte is the platform's; a file must give the same bytes anywhere): ID1 ID2, CM deflate, FLG 0, MTIME 0, XFL 2 (as level 9), OS 255 (unknown).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 255])
const deflateRawAsync = promisify(deflateRaw)

/** Gzips deterministically (fixed header and level), so an unchanged file is never uploaded again (another zlib costs one re-upload). */
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

/** The object a file's bytes become: every header (its path's, and a redirect page's location) and the bytes as stored. */
export async function storedObject(path: string, body: Buffer, rules: StorageRules): Promise<{ headers: ObjectHeaders; bytes: Buffer }> {
  const headers = withRedirect(objectHeaders(path, rules), path, body)
  return { headers, bytes: await storedBytes(body, headers) }
}

/** Headers, size and MD5 of the object a file of dist/ becomes: HTML and text read whole, anything else streamed. */
export async function storedDigest(file: string, path: string, rules: StorageRules, size: number): Promise<StoredDigest & { headers: ObjectHeaders }> {
  const headers = objectHeaders(path, rules)
  if (headers.contentEncoding !== 'gzip' && !path.endsWith('.html')) {
    const hash = createHash('md5')
    await pipeline(createReadStream(file), hash)
    return { headers, size, md5: hash.digest('hex') }
  }
  const stored = await storedObject(path, await readFile(file), rules)
  return { headers: stored.headers, size: stored.bytes.length, md5: md5Hex(stored.bytes) }
}

/** MD5 of bytes, lower-case hex. */
export const md5Hex = (bytes: Buffer): string => createHash('md5').update(bytes).digest('hex')
