import { createHash } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { OutgoingHttpHeaders } from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { gzipForStorage } from '../deploy/storedObject.ts'
import { renderRedirectPage } from '../generator/siteFiles/redirectPage.ts'
import { createStaticServer } from './createStaticServer.ts'
import type { StaticServer } from './createStaticServer.ts'

const SECRET = 'TOP-SECRET-DO-NOT-SERVE'
const NOT_FOUND_PAGE = '<h1>custom 404</h1>'
// A locale's own not-found page, served for an unknown key under its prefix.
const GERMAN_NOT_FOUND_PAGE = '<h1>Seite nicht gefunden</h1>'
const JS = `export const answer = 42;\n${'console.log("padding so gzip has something to do");\n'.repeat(50)}`
const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'public, max-age=0, must-revalidate'
const MEDIUM = 'public, max-age=3600'

const files: Record<string, string | Buffer> = {
  'index.html': '<h1>home</h1>',
  '404.html': NOT_FOUND_PAGE,
  'de/index.html': '<h1>Startseite</h1>',
  'de/404.html': GERMAN_NOT_FOUND_PAGE,
  'blog/index.html': '<h1>blog</h1>',
  'blog/page/2/index.html': '<h1>blog page 2</h1>',
  'blog/index.pageContext.json': '{"page":"blog"}',
  'assets/app-abc123.js': JS,
  'assets/x.mjs': 'export default 1',
  'assets/big.bin': Buffer.alloc(4 * 1024 * 1024, 7),
  'uploads/doc.pdf': '%PDF-1.4 fake',
  'feed.xml': '<rss></rss>',
  'privacy-policy/index.html': '<h1>privacy</h1>',
  'blog/old-slug/index.html': renderRedirectPage({ target: '/blog/page/2/', base: '/', siteUrl: 'https://kubeguard.dev' }),
  'docs/index.html': renderRedirectPage({ target: '/privacy-policy/', base: '/sub/', siteUrl: 'https://kubeguard.dev' }),
}

let dir: string
let root: string

interface RawResponse { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

// fetch normalises "/../" and "%2e%2e" away and decodes gzip, so raw requests are needed to see the wire.
function raw(port: number, rawPath: string, init: { method?: string; headers?: OutgoingHttpHeaders } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kube-site-preview-'))
  root = path.join(dir, 'dist')
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true })
    fs.writeFileSync(path.join(root, name), content)
  }
  fs.writeFileSync(path.join(dir, 'secret.txt'), SECRET)
  fs.writeFileSync(path.join(dir, 'secret'), SECRET)
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: SECRET }))
  fs.symlinkSync(path.join(dir, 'secret.txt'), path.join(root, 'link.txt'))
})

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('createStaticServer at the root', () => {
  let server: StaticServer
  const get = (p: string, init: RequestInit = {}) => fetch(new URL(p, server.url), { redirect: 'manual', ...init })

  beforeAll(async () => {
    server = await createStaticServer({ root, port: 0 })
  })
  afterAll(() => server.close())

  it('reports its url and the port it got', () => {
    expect(server.port).toBeGreaterThan(0)
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`)
  })

  // fetch decodes gzip, so the bodies are the files; the wire is checked further down.
  it.each([
    ['/', 200, 'text/html; charset=utf-8', REVALIDATE, '<h1>home</h1>'],
    ['/index.html', 200, 'text/html; charset=utf-8', REVALIDATE, '<h1>home</h1>'],
    ['/?utm_source=x', 200, 'text/html; charset=utf-8', REVALIDATE, '<h1>home</h1>'],
    ['/blog/', 200, 'text/html; charset=utf-8', REVALIDATE, '<h1>blog</h1>'],
    ['/blog/page/2/', 200, 'text/html; charset=utf-8', REVALIDATE, '<h1>blog page 2</h1>'],
    ['/privacy-policy/', 200, 'text/html; charset=utf-8', REVALIDATE, '<h1>privacy</h1>'],
    ['/privacy%2Dpolicy/', 200, 'text/html; charset=utf-8', REVALIDATE, '<h1>privacy</h1>'],
    ['/blog/index.pageContext.json', 200, 'application/json; charset=utf-8', REVALIDATE, '{"page":"blog"}'],
    ['/assets/app-abc123.js', 200, 'text/javascript; charset=utf-8', IMMUTABLE, JS],
    ['/assets/x.mjs', 200, 'text/javascript; charset=utf-8', IMMUTABLE, 'export default 1'],
    ['/uploads/doc.pdf', 200, 'application/pdf', MEDIUM, '%PDF-1.4 fake'],
    ['/feed.xml', 200, 'application/xml; charset=utf-8', REVALIDATE, '<rss></rss>'],
    ['/nope', 404, 'text/html; charset=utf-8', REVALIDATE, NOT_FOUND_PAGE],
    ['/nope/', 404, 'text/html; charset=utf-8', REVALIDATE, NOT_FOUND_PAGE],
    ['/blog/page/', 404, 'text/html; charset=utf-8', REVALIDATE, NOT_FOUND_PAGE],
    ['/assets', 404, 'text/html; charset=utf-8', REVALIDATE, NOT_FOUND_PAGE],
    ['/assets/', 404, 'text/html; charset=utf-8', REVALIDATE, NOT_FOUND_PAGE],
    ['/link.txt', 404, 'text/html; charset=utf-8', REVALIDATE, NOT_FOUND_PAGE],
    ['/de/', 200, 'text/html; charset=utf-8', REVALIDATE, '<h1>Startseite</h1>'],
    ['/de/nope/', 404, 'text/html; charset=utf-8', REVALIDATE, GERMAN_NOT_FOUND_PAGE],
    ['/de/blog/nope', 404, 'text/html; charset=utf-8', REVALIDATE, GERMAN_NOT_FOUND_PAGE],
    ['/fr/nope/', 404, 'text/html; charset=utf-8', REVALIDATE, NOT_FOUND_PAGE],
    ['/den/', 404, 'text/html; charset=utf-8', REVALIDATE, NOT_FOUND_PAGE],
  ])('GET %s → %i %s, %s', async (p, status, type, cache, body) => {
    const res = await get(p)
    expect(res.status).toBe(status)
    expect(res.headers.get('content-type')).toBe(type)
    expect(res.headers.get('cache-control')).toBe(cache)
    expect(res.headers.get('last-modified')).toMatch(/GMT$/)
    expect(await res.text()).toBe(body)
  })

  it.each([
    ['/blog', '/blog/'],
    ['/blog?x=1', '/blog/?x=1'],
    ['/blog/page/2?a=1&b=2', '/blog/page/2/?a=1&b=2'],
    ['/privacy-policy', '/privacy-policy/'],
  ])('GET %s → 302 %s', async (p, location) => {
    const res = await get(p)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(location)
  })

  it('answers 400 to a malformed percent escape', async () => {
    expect((await get('/%zz')).status).toBe(400)
    expect((await get('/blog/%E0%A4%A')).status).toBe(400)
  })

  it('answers HEAD with headers and no body', async () => {
    const res = await raw(server.port, '/blog/', { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers['content-length']).toBe(String((await gzipForStorage(Buffer.from('<h1>blog</h1>'))).length))
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.body.length).toBe(0)
  })

  it('sends the quoted MD5 of the stored bytes as ETag, as S3 does, and honours If-None-Match', async () => {
    const first = await get('/assets/app-abc123.js')
    const etag = first.headers.get('etag')
    expect(etag).toBe(`"${createHash('md5').update(await gzipForStorage(Buffer.from(JS))).digest('hex')}"`)
    for (const header of [etag ?? '', `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get('/assets/app-abc123.js', { headers: { 'If-None-Match': header } })
      expect(res.status).toBe(304)
      expect(await res.text()).toBe('')
    }
    expect((await get('/assets/app-abc123.js', { headers: { 'If-None-Match': '"stale"' } })).status).toBe(200)
  })

  it('does not answer 304 for the 404 page', async () => {
    const etag = (await get('/nope')).headers.get('etag') ?? ''
    expect((await get('/nope', { headers: { 'If-None-Match': etag } })).status).toBe(404)
  })

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('%s → 405 with Allow', async (method) => {
    const res = await get('/', { method })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET, HEAD')
  })

  it.each([
    '/../package.json',
    '/../secret.txt',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/%2e%2e/secret.txt',
    '/%2E%2E/package.json',
    '/assets/..%2f..%2fsecret',
    '/assets/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/assets%5c..%5c..%5csecret.txt',
    '/blog/..%2F..%2F..%2Fsecret.txt',
    '/index.html%00',
    '/%00/../secret.txt',
    '/./index.html',
    '//etc/passwd',
    '/etc/passwd',
  ])('never serves outside root: %s', async (p) => {
    const res = await raw(server.port, p)
    expect([403, 404]).toContain(res.status)
    expect(res.body.toString()).not.toContain(SECRET)
    expect(res.body.toString()).not.toContain('root:')
  })

  it('does not redirect "//host" paths to another origin', async () => {
    fs.mkdirSync(path.join(root, 'evil.example'), { recursive: true })
    fs.writeFileSync(path.join(root, 'evil.example/index.html'), 'x')
    const res = await raw(server.port, '//evil.example')
    expect(res.status).not.toBe(302)
    expect(res.headers.location).toBeUndefined()
    fs.rmSync(path.join(root, 'evil.example'), { recursive: true })
  })

  it('survives aborted requests and garbage on the socket', async () => {
    await new Promise<void>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port: server.port, path: '/assets/big.bin' }, (res) => {
        res.once('data', () => req.destroy())
      })
      req.on('close', resolve)
      req.on('error', () => {})
    })
    await new Promise<void>((resolve) => {
      const socket = net.connect(server.port, '127.0.0.1', () => socket.end('NOT HTTP AT ALL\r\n\r\n'))
      socket.on('close', () => resolve())
      socket.on('error', () => {})
      socket.resume()
    })
    expect((await get('/')).status).toBe(200)
  })

  it('rejects with a helpful message when the port is taken', async () => {
    await expect(createStaticServer({ root, port: server.port })).rejects.toThrow(
      `Port ${server.port} is already in use: pass --port <n>`,
    )
  })
})

describe('createStaticServer without a 404.html', () => {
  it('answers a plain-text 404', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'kube-site-preview-bare-'))
    fs.writeFileSync(path.join(bare, 'index.html'), 'hi')
    const server = await createStaticServer({ root: bare, port: 0 })
    try {
      const res = await fetch(new URL('/missing', server.url))
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
      expect(await res.text()).toBe('Not Found')
    } finally {
      await server.close()
      fs.rmSync(bare, { recursive: true, force: true })
    }
  })
})

describe('createStaticServer under a base', () => {
  let server: StaticServer
  const get = (p: string) => fetch(`http://127.0.0.1:${server.port}${p}`, { redirect: 'manual' })

  beforeAll(async () => {
    server = await createStaticServer({ root, port: 0, base: '/sub/' })
  })
  afterAll(() => server.close())

  it('includes the base in its url', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/sub/`)
  })

  it.each([
    ['/sub/', 200, '<h1>home</h1>'],
    ['/sub/blog/', 200, '<h1>blog</h1>'],
    ['/sub/assets/x.mjs', 200, 'export default 1'],
    ['/', 404, NOT_FOUND_PAGE],
    ['/blog/', 404, NOT_FOUND_PAGE],
    ['/index.html', 404, NOT_FOUND_PAGE],
    ['/subway/', 404, NOT_FOUND_PAGE],
    ['/sub/nope', 404, NOT_FOUND_PAGE],
  ])('GET %s → %i', async (p, status, body) => {
    const res = await get(p)
    expect(res.status).toBe(status)
    expect(await res.text()).toBe(body)
  })

  it.each([
    ['/sub/blog', '/sub/blog/'],
    ['/sub/blog?x=1', '/sub/blog/?x=1'],
    ['/sub', '/sub/'],
  ])('GET %s → 302 %s', async (p, location) => {
    const res = await get(p)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(location)
  })

  it.each(['docs', '/docs', 'docs/', '//docs//'])('normalises base %j to /docs/', async (base) => {
    const other = await createStaticServer({ root, port: 0, base })
    try {
      expect(other.url).toBe(`http://127.0.0.1:${other.port}/docs/`)
      expect((await fetch(other.url)).status).toBe(200)
    } finally {
      await other.close()
    }
  })
})

describe('createStaticServer, as deployed: text gzipped', () => {
  let server: StaticServer

  beforeAll(async () => {
    server = await createStaticServer({ root, port: 0 })
  })
  afterAll(() => server.close())

  it('sends what deploy stores: the deterministic gzip of the file, which decodes to it', async () => {
    const res = await raw(server.port, '/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers['content-length']).toBe(String(res.body.length))
    expect(res.body).toEqual(await gzipForStorage(Buffer.from(JS)))
    expect(res.body.length).toBeLessThan(Buffer.byteLength(JS))
    expect(gunzipSync(res.body).toString()).toBe(JS)
  })

  // S3 ignores Accept-Encoding and serves the object as stored; no Vary, since nothing varies.
  it.each([{}, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'gzip;q=0, br' }, { 'Accept-Encoding': 'br' }])(
    'gzips text whatever the request accepts: %j',
    async (headers) => {
      const res = await raw(server.port, '/feed.xml', { headers })
      expect(res.headers['content-encoding']).toBe('gzip')
      expect(res.headers.vary).toBeUndefined()
      expect(gunzipSync(res.body).toString()).toBe('<rss></rss>')
    },
  )

  it.each([
    ['/uploads/doc.pdf', '%PDF-1.4 fake'],
    ['/assets/big.bin', undefined],
  ])('leaves %s as built', async (p, text) => {
    const res = await raw(server.port, p)
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers['content-length']).toBe(String(res.body.length))
    if (text) expect(res.body.toString()).toBe(text)
  })

  it('serves the same bytes on repeat requests and gzips the 404 page too', async () => {
    const [a, b] = await Promise.all([1, 2].map(() => raw(server.port, '/assets/app-abc123.js')))
    expect(a?.body.equals(b?.body ?? Buffer.alloc(0))).toBe(true)
    const missing = await raw(server.port, '/nope')
    expect([missing.status, missing.headers['content-encoding']]).toEqual([404, 'gzip'])
    expect(gunzipSync(missing.body).toString()).toBe(NOT_FOUND_PAGE)
  })

  it('recompresses a file once it changes', async () => {
    const file = path.join(root, 'assets/changing.css')
    fs.writeFileSync(file, 'a { color: red }')
    fs.utimesSync(file, new Date(2020, 0, 1), new Date(2020, 0, 1))
    const before = await raw(server.port, '/assets/changing.css')
    fs.writeFileSync(file, 'a { color: blue }')
    fs.utimesSync(file, new Date(2021, 0, 1), new Date(2021, 0, 1))
    const after = await raw(server.port, '/assets/changing.css')
    expect(gunzipSync(before.body).toString()).toBe('a { color: red }')
    expect(gunzipSync(after.body).toString()).toBe('a { color: blue }')
    expect(after.headers.etag).not.toBe(before.headers.etag)
  })
})

describe('createStaticServer with compress off (deploy.compress false, or --no-compress)', () => {
  let server: StaticServer

  beforeAll(async () => {
    server = await createStaticServer({ root, port: 0, storage: { compress: false, cacheControl: [{ match: 'assets/*.js', value: 'no-store' }] } })
  })
  afterAll(() => server.close())

  it.each([
    ['/assets/app-abc123.js', JS, 'no-store'],
    ['/assets/x.mjs', 'export default 1', IMMUTABLE],
    ['/', '<h1>home</h1>', REVALIDATE],
  ])('sends %s as built, with the Cache-Control of the rules', async (p, text, cache) => {
    const res = await raw(server.port, p, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers['cache-control']).toBe(cache)
    expect(res.body.toString()).toBe(text)
    expect(res.headers.etag).toBe(`"${createHash('md5').update(text).digest('hex')}"`)
  })
})

describe('createStaticServer, a redirect page: the 301 S3 website hosting answers for its website redirect location', () => {
  let server: StaticServer
  let plain: StaticServer

  beforeAll(async () => {
    server = await createStaticServer({ root, port: 0 })
    plain = await createStaticServer({ root, port: 0, storage: { compress: false } })
  })
  afterAll(() => Promise.all([server.close(), plain.close()]))

  // Exactly the stored location: the query stays behind (the browser keeps a #fragment itself).
  it.each([
    ['GET', '/blog/old-slug/', '/blog/page/2/'],
    ['GET', '/blog/old-slug/?utm_source=feed', '/blog/page/2/'],
    ['GET', '/blog/old-slug/index.html', '/blog/page/2/'],
    ['HEAD', '/blog/old-slug/', '/blog/page/2/'],
    ['GET', '/docs/', '/sub/privacy-policy/'],
  ])('%s %s → 301 %s, no body', async (method, p, location) => {
    for (const port of [server.port, plain.port]) {
      const res = await raw(port, p, { method, headers: { 'If-None-Match': '*' } })
      expect([res.status, res.headers.location, res.headers['content-length'], res.body.length]).toEqual([301, location, '0', 0])
      expect(res.headers['content-type']).toBeUndefined()
    }
  })

  it('sends the folder without its slash to the folder first, as S3 does, and the 301 from there', async () => {
    const first = await raw(server.port, '/blog/old-slug?x=1')
    expect([first.status, first.headers.location]).toEqual([302, '/blog/old-slug/?x=1'])
    const second = await raw(server.port, first.headers.location!)
    expect([second.status, second.headers.location]).toEqual([301, '/blog/page/2/'])
  })

  it('serves a page with a refresh after a wait as a page', async () => {
    fs.mkdirSync(path.join(root, 'status'), { recursive: true })
    fs.writeFileSync(path.join(root, 'status/index.html'), '<head><meta http-equiv="refresh" content="30; url=/status/"></head>')
    try {
      expect((await raw(server.port, '/status/')).status).toBe(200)
    } finally {
      fs.rmSync(path.join(root, 'status'), { recursive: true })
    }
  })
})
