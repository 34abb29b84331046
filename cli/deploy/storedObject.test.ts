import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderRedirectPage } from '../generator/siteFiles/redirectPage.ts'
import { listLocalFiles } from './localFiles.ts'
import { DEFAULT_STORAGE, GZIP_LEVEL, gzipForStorage, objectHeaders, storedBytes, storedDigest, storedObject, websiteRedirectLocation } from './storedObject.ts'

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
    ['llms.txt', 'text/plain; charset=utf-8', REVALIDATE, 'gzip'],
    ['blog/post/index.md', 'text/markdown; charset=utf-8', REVALIDATE, 'gzip'],
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
    const digest = await storedDigest(join(root, 'index.html'), 'index.html', DEFAULT_STORAGE, files['index.html']!.length)
    const body = await storedBytes(files['index.html']!, headers)
    expect(digest).toEqual({ headers, size: body.length, md5: md5(body) })
  })
})

describe('a redirect page: stored with its target as the website redirect location', () => {
  const page = (target: string, base = '/') => Buffer.from(renderRedirectPage({ target, base, siteUrl: 'https://kubeguard.dev' }))
  const refresh = (url: string) => Buffer.from(`<!doctype html><head><meta http-equiv="refresh" content="0; url=${url}"></head><body></body>`)

  it.each([
    ['blog/old-slug/index.html', page('/blog/new-slug/'), '/blog/new-slug/'],
    ['blog/old-slug/index.html', page('/blog/new-slug/', '/docs/'), '/docs/blog/new-slug/'],
    ['docs/index.html', page('/pricing/'), '/pricing/'],
    ['news/index.html', page('/blog/zürich-meetup/'), '/blog/z%C3%BCrich-meetup/'],
    ['away/index.html', refresh('https://example.com/new'), 'https://example.com/new'],
    ['blog/index.html', Buffer.from('<!doctype html><title>Blog</title><h1>Blog</h1>'), undefined],
    // A page that refreshes after a wait is a page, not a redirect.
    ['status/index.html', Buffer.from('<head><meta http-equiv="refresh" content="30; url=/status/"></head>'), undefined],
    // Only .html files are pages; a text file quoting a redirect page is text.
    ['notes/redirect.txt', page('/blog/new-slug/'), undefined],
    // What S3 refuses (a relative URL, a space) stays a page that redirects by itself.
    ['relative/index.html', refresh('../new/'), undefined],
    ['spaced/index.html', refresh('/a page/'), undefined],
  ])('%s → %s', (path, body, location) => {
    expect(websiteRedirectLocation(path, body)).toBe(location)
  })

  it.each([true, false])("adds the location to the path's headers, gzipped or not (compress %s), and stores the bytes alike", async (compress) => {
    const rules = { compress, cacheControl: [] }
    const body = page('/blog/new-slug/')
    const { headers, bytes } = await storedObject('blog/old-slug/index.html', body, rules)
    expect(headers).toEqual({ ...objectHeaders('blog/old-slug/index.html', rules), websiteRedirectLocation: '/blog/new-slug/' })
    expect(bytes).toEqual(await storedBytes(body, headers))
  })

  it('is read where the listing reads the file, compress off included; a changed target changes the MD5', async () => {
    const root = mkdtempSync(join(tmpdir(), 'kube-site-redirect-'))
    const write = (path: string, body: Buffer) => {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), body)
    }
    try {
      write('blog/new/index.html', Buffer.from('<h1>New</h1>'))
      for (const compress of [true, false]) {
        write('blog/old/index.html', page('/blog/new/'))
        const before = await listLocalFiles(root, { compress, cacheControl: [] })
        expect(before.map((file) => [file.path, file.headers.websiteRedirectLocation])).toEqual([
          ['blog/new/index.html', undefined],
          ['blog/old/index.html', '/blog/new/'],
        ])
        write('blog/old/index.html', page('/blog/newer/'))
        const after = await listLocalFiles(root, { compress, cacheControl: [] })
        expect(after[1]!.headers.websiteRedirectLocation).toBe('/blog/newer/')
        expect(after[1]!.md5).not.toBe(before[1]!.md5)
      }
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
