import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listLocalFiles } from './localFiles.ts'
import { DEFAULT_STORAGE, GZIP_LEVEL, gzipForStorage, objectHeaders, storedBytes, storedDigest } from './storedObject.ts'

const md5 = (bytes: Buffer | string) => createHash('md5').update(bytes).digest('hex')
const HTML = 'text/html; charset=utf-8'
const JS = 'text/javascript; charset=utf-8'
const REVALIDATE = 'public, max-age=0, must-revalidate'
const IMMUTABLE = 'public, max-age=31536000, immutable'
const MEDIUM = 'public, max-age=3600'

describe('objectHeaders: which objects are gzipped, and with which headers', () => {
  it.each([
    ['index.html', HTML, REVALIDATE, 'gzip'],
    ['blog/post/index.pageContext.json', 'application/json; charset=utf-8', REVALIDATE, 'gzip'],
    ['assets/entries/a.Bq3xY7aZ.js', JS, IMMUTABLE, 'gzip'],
    ['assets/static/pdf.worker.min.qwK7q_zL.mjs', JS, IMMUTABLE, 'gzip'],
    ['assets/static/layout.BXsUW8_A.css', 'text/css; charset=utf-8', IMMUTABLE, 'gzip'],
    ['assets/chunks/a.js.map', 'application/json; charset=utf-8', IMMUTABLE, 'gzip'],
    ['images/logo.svg', 'image/svg+xml', MEDIUM, 'gzip'],
    ['sitemap.xml', 'application/xml; charset=utf-8', REVALIDATE, 'gzip'],
    ['blog/rss.xml', 'application/xml; charset=utf-8', REVALIDATE, 'gzip'],
    ['robots.txt', 'text/plain; charset=utf-8', REVALIDATE, 'gzip'],
    ['site.webmanifest', 'application/manifest+json', MEDIUM, 'gzip'],
    ['module.wasm', 'application/wasm', MEDIUM, 'gzip'],
    ['images/hero.avif', 'image/avif', MEDIUM, undefined],
    ['images/hero.webp', 'image/webp', MEDIUM, undefined],
    ['images/photo.jpg', 'image/jpeg', MEDIUM, undefined],
    ['images/pixel.png', 'image/png', MEDIUM, undefined],
    ['favicon.ico', 'image/x-icon', MEDIUM, undefined],
    ['uploads/privacy-policy.pdf', 'application/pdf', MEDIUM, undefined],
    ['fonts/inter.woff2', 'font/woff2', MEDIUM, undefined],
    ['video/demo.mp4', 'video/mp4', MEDIUM, undefined],
    ['archive.tar.gz', 'application/octet-stream', MEDIUM, undefined],
    ['LICENSE', 'application/octet-stream', MEDIUM, undefined],
  ])('%s → %s, %s, %s', (path, contentType, cacheControl, contentEncoding) => {
    expect(objectHeaders(path, DEFAULT_STORAGE)).toEqual({ contentType, cacheControl, ...(contentEncoding ? { contentEncoding } : {}) })
  })

  it.each(['index.html', 'assets/a.js', 'images/logo.svg', 'images/pixel.png'])('compress off: %s is stored as built', (path) => {
    expect(objectHeaders(path, { compress: false, cacheControl: [] }).contentEncoding).toBeUndefined()
  })

  it("takes Cache-Control from the config's rules first", () => {
    const rules = { compress: true, cacheControl: [{ match: 'blog/**', value: 'no-cache' }] }
    expect(objectHeaders('blog/index.html', rules)).toEqual({ contentType: HTML, cacheControl: 'no-cache', contentEncoding: 'gzip' })
    expect(objectHeaders('index.html', rules).cacheControl).toBe(REVALIDATE)
  })
})

describe('gzipForStorage', () => {
  const text = Buffer.from(`<!doctype html><p>${'Kubernetes network policies, '.repeat(400)}</p>`)

  it('gives the same bytes, so the same MD5, every time, calls at once included', async () => {
    const runs = await Promise.all([1, 2, 3].map(() => gzipForStorage(text)))
    expect(runs[1]).toEqual(runs[0])
    expect(runs[2]).toEqual(runs[0])
    expect(md5((await gzipForStorage(Buffer.from(text))))).toBe(md5(runs[0]!))
  })

  it('writes a fixed header: no file name, no time, the OS unknown', async () => {
    const gz = await gzipForStorage(text)
    expect([...gz.subarray(0, 10)]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 255])
  })

  it("is standard gzip: zlib's own at the same level but for the OS byte, and it decodes to the input", async () => {
    for (const input of [text, Buffer.alloc(0), randomBytes(70_000), Buffer.from('a')]) {
      const ours = await gzipForStorage(input)
      const zlib = gzipSync(input, { level: GZIP_LEVEL })
      zlib[9] = 255
      expect(ours).toEqual(zlib)
      expect(gunzipSync(ours)).toEqual(input)
    }
  })

  it('differs for different input', async () => {
    expect(await gzipForStorage(Buffer.from('a'))).not.toEqual(await gzipForStorage(Buffer.from('b')))
  })
})

describe('storedDigest and listLocalFiles: sizes and MD5s of the bytes as stored', () => {
  let root: string
  const files: Record<string, Buffer> = {
    'index.html': Buffer.from(`<h1>${'home '.repeat(200)}</h1>`),
    'images/pixel.png': randomBytes(300),
    'images/logo.svg': Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(100)}</svg>`),
  }
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'kube-site-stored-'))
    for (const [path, bytes] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), bytes)
    }
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('gzips text and leaves images as built, by default', async () => {
    const listed = await listLocalFiles(root, DEFAULT_STORAGE)
    const expected = await Promise.all(
      Object.entries(files).map(async ([path, bytes]) => {
        const headers = objectHeaders(path, DEFAULT_STORAGE)
        const stored = await storedBytes(bytes, headers)
        return { path, size: stored.length, md5: md5(stored), headers }
      }),
    )
    expect(listed).toEqual(expected.sort((a, b) => (a.path < b.path ? -1 : 1)))
    expect(listed.map((file) => [file.path, file.headers.contentEncoding])).toEqual([
      ['images/logo.svg', 'gzip'],
      ['images/pixel.png', undefined],
      ['index.html', 'gzip'],
    ])
    expect(listed.find((file) => file.path === 'index.html')!.size).toBeLessThan(files['index.html']!.length)
  })

  it('with compress off, every file is its own bytes', async () => {
    const listed = await listLocalFiles(root, { compress: false, cacheControl: [] })
    expect(listed.map(({ path, size, md5: hash }) => ({ path, size, md5: hash }))).toEqual(
      Object.entries(files)
        .map(([path, bytes]) => ({ path, size: bytes.length, md5: md5(bytes) }))
        .sort((a, b) => (a.path < b.path ? -1 : 1)),
    )
  })

  it('agrees with the bytes an upload sends', async () => {
    const headers = objectHeaders('index.html', DEFAULT_STORAGE)
    const digest = await storedDigest(join(root, 'index.html'), headers, files['index.html']!.length)
    const body = await storedBytes(files['index.html']!, headers)
    expect(digest).toEqual({ size: body.length, md5: md5(body) })
  })
})
