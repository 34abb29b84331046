import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listRemoteObjects } from '../../cli/deploy/remoteObjects.ts'
import { gzipForStorage, type StorageRules } from '../../cli/deploy/storedObject.ts'
import { createStaticServer } from '../../cli/preview/createStaticServer.ts'
import { cliEnv, repoRoot } from '../support/buildSite.ts'
import { S3_ACCESS_KEY, startS3Server, type S3Request, type S3TestServer } from '../support/s3Server.ts'
import { serveBucket } from '../support/s3Website.ts'

// `kube-site deploy` as CI runs it: the real CLI in a child process, against a real S3-compatible
// server on 127.0.0.1 (s3rver, see tests/support/s3Server.ts), reading back what it stored.

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'public, max-age=0, must-revalidate'
const MEDIUM = 'public, max-age=3600'
const HTML = 'text/html; charset=utf-8'
const JSON_TYPE = 'application/json; charset=utf-8'
const JS = 'text/javascript; charset=utf-8'

// A small site shaped like dist/: hashed assets, pages with their pageContext.json, public/ files.
const page = (title: string) => `<!doctype html><html><head><title>${title}</title><script type="module" src="/assets/entries/entry-client-routing.Bq3xY7aZ.js"></script></head><body><h1>${title}</h1></body></html>`
const context = (title: string) => JSON.stringify({ title, is404: false })
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0xff, 0xfe, 0x00, 0x80, 0x9c]), Buffer.from('\n%%EOF\n')])
const SITE: Record<string, string | Buffer> = {
  'index.html': page('Home'),
  'index.pageContext.json': context('Home'),
  '404.html': page('Not found'),
  'blog/index.html': page('Blog'),
  'blog/index.pageContext.json': context('Blog'),
  'blog/first-post/index.html': page('First post'),
  'blog/first-post/index.pageContext.json': context('First post'),
  'blog/second-post/index.html': page('Second post'),
  'blog/second-post/index.pageContext.json': context('Second post'),
  'assets/entries/entry-client-routing.Bq3xY7aZ.js': 'import "./chunk";\n',
  'assets/chunks/chunk-XKyaHtl9.js': 'export const x = 1;\n',
  'assets/static/Layout.Caf63VvY.css': 'body{margin:0}\n',
  'assets/static/pdf.worker.min.qwK7q_zL.mjs': 'self.onmessage = () => {};\n',
  'uploads/privacy-policy.pdf': pdf,
  'images/hero.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>',
  'robots.txt': 'User-agent: *\nAllow: /\n',
  'sitemap.xml': '<?xml version="1.0"?><urlset/>',
}
const FILES = Object.keys(SITE).length

const EXPECTED_HEADERS: Record<string, [string, string, string | undefined]> = {
  'index.html': [HTML, REVALIDATE, 'gzip'],
  'index.pageContext.json': [JSON_TYPE, REVALIDATE, 'gzip'],
  '404.html': [HTML, REVALIDATE, 'gzip'],
  'blog/first-post/index.html': [HTML, REVALIDATE, 'gzip'],
  'blog/first-post/index.pageContext.json': [JSON_TYPE, REVALIDATE, 'gzip'],
  'assets/entries/entry-client-routing.Bq3xY7aZ.js': [JS, IMMUTABLE, 'gzip'],
  'assets/chunks/chunk-XKyaHtl9.js': [JS, IMMUTABLE, 'gzip'],
  'assets/static/Layout.Caf63VvY.css': ['text/css; charset=utf-8', IMMUTABLE, 'gzip'],
  'assets/static/pdf.worker.min.qwK7q_zL.mjs': [JS, IMMUTABLE, 'gzip'],
  'uploads/privacy-policy.pdf': ['application/pdf', MEDIUM, undefined],
  'images/hero.svg': ['image/svg+xml', MEDIUM, 'gzip'],
  'favicon.svg': ['image/svg+xml', MEDIUM, 'gzip'],
  'robots.txt': ['text/plain; charset=utf-8', REVALIDATE, 'gzip'],
  'sitemap.xml': ['application/xml; charset=utf-8', REVALIDATE, 'gzip'],
}
/** The bytes deploy stores for a file of SITE: gzipped, but for the PDF. */
const stored = (content: string | Buffer) => (Buffer.isBuffer(content) ? Promise.resolve(content) : gzipForStorage(Buffer.from(content)))

let server: S3TestServer
let client: S3Client
let work: string
let emptyHome: string
const config = join(repoRoot, 'site.config.ts')

function writeSite(dir: string, files: Record<string, string | Buffer> = SITE) {
  rmSync(dir, { recursive: true, force: true })
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
  return dir
}

/** The CLI's environment: no AWS settings of whoever runs the tests, s3rver's key, no instance metadata. */
function deployEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = cliEnv()
  for (const key of Object.keys(env)) if (key.startsWith('AWS_')) delete env[key]
  // HOME without ~/.aws: no profile of the machine leaks in. No IMDS: a runner on EC2 must not find a role.
  return { ...env, HOME: emptyHome, AWS_EC2_METADATA_DISABLED: 'true', AWS_ACCESS_KEY_ID: S3_ACCESS_KEY, AWS_SECRET_ACCESS_KEY: 'S3RVER', ...extra }
}

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

function kubeSite(args: string[], { cwd = work, env = deployEnv() }: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  const child = spawn(process.execPath, [join(repoRoot, 'cli/bin.js'), ...args], { cwd, env })
  const run: Run = { code: null, stdout: '', stderr: '' }
  child.stdout.on('data', (chunk: Buffer) => (run.stdout += chunk))
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk))
  return new Promise((resolve) => child.on('close', (code) => resolve(Object.assign(run, { code }))))
}

/** `kube-site deploy` of `out` (relative to the work folder) to a bucket of the test server. */
const deploy = (out: string, to: string, ...flags: string[]) =>
  kubeSite(['deploy', '--to', to, '--endpoint', server.endpoint, '--out', out, '--config', config, ...flags])

const head = (bucket: string, key: string) => client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
const body = async (bucket: string, key: string) =>
  Buffer.from(await (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body!.transformToByteArray())
const keysOf = async (bucket: string, prefix = '') => (await listRemoteObjects(client, bucket, prefix)).map((o) => o.key).sort()
const md5 = (content: string | Buffer) => createHash('md5').update(content).digest('hex')
/** An object's bytes, gunzipped when it is stored gzipped. */
const text = async (bucket: string, key: string) => {
  const [{ ContentEncoding }, bytes] = await Promise.all([head(bucket, key), body(bucket, key)])
  return String(ContentEncoding === 'gzip' ? gunzipSync(bytes) : bytes)
}
/** A config file: site.config.ts with another `deploy` section. */
function configWith(name: string, deploySection: string) {
  const file = join(work, `${name}.config.ts`)
  writeFileSync(file, `import site from ${JSON.stringify(config)}\nexport default { ...site, deploy: ${deploySection} }\n`)
  return file
}
const describeWrites = (writes: S3Request[]) => writes.map((w) => `${w.method} ${w.key}`)

beforeAll(async () => {
  // The test's own client: the CLI silences this notice itself (the tests check its stderr).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'
  server = await startS3Server(['site', 'layouts', 'prefixed', 'rules', 'compress', 'retries', 'failures', 'previews', 'renames', 'removals', 'renames-cloudfront'])
  client = new S3Client({
    endpoint: server.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3_ACCESS_KEY, secretAccessKey: 'S3RVER' },
  })
  work = mkdtempSync(join(tmpdir(), 'kube-site-deploy-'))
  emptyHome = mkdtempSync(join(tmpdir(), 'kube-site-home-'))
}, 30_000)

afterAll(async () => {
  client?.destroy()
  await server?.close()
  rmSync(work, { recursive: true, force: true })
  rmSync(emptyHome, { recursive: true, force: true })
})

describe('kube-site deploy, one site over its life', () => {
  let dist: string
  beforeAll(() => {
    dist = writeSite(join(work, 'dist'))
  })

  it('the first deploy uploads every file with its Content-Type, Cache-Control and Content-Encoding, assets first, pages last', async () => {
    const mark = server.requests.length
    const { code, stdout, stderr } = await deploy('dist', 's3://site')
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout).toContain(`✓ plan`)
    expect(stdout).toContain(`${FILES} new, 0 changed, 0 to delete, 0 unchanged`)
    expect(stdout).toMatch(new RegExp(`Deployed to s3://site in [\\d.]+ m?s: ${FILES} uploaded \\([\\d.]+ k?B\\), 0 deleted, 0 unchanged\\.`))
    expect(stdout).not.toMatch(/\u001b\[/)

    expect(await keysOf('site')).toEqual(Object.keys(SITE).sort())
    for (const [key, [type, cache, encoding]] of Object.entries(EXPECTED_HEADERS)) {
      const object = await head('site', key)
      expect([key, object.ContentType, object.CacheControl, object.ContentEncoding], key).toEqual([key, type, cache, encoding])
      expect(object.ETag, key).toBe(`"${md5(await stored(SITE[key]!))}"`)
    }
    // Text is gzip that decodes to the file; the PDF is its own bytes.
    for (const [key, content] of Object.entries(SITE)) {
      const bytes = await body('site', key)
      expect(Buffer.isBuffer(content) ? bytes : gunzipSync(bytes), key).toEqual(Buffer.from(content))
    }
    expect(await body('site', 'uploads/privacy-policy.pdf')).toEqual(pdf)

    const puts = server.writes(mark).map((w) => w.key)
    expect(puts).toHaveLength(FILES)
    const phase = (key: string) => (key.startsWith('assets/') ? 0 : /\.html$|\.pageContext\.json$|robots\.txt$|sitemap\.xml$/.test(key) ? 2 : 1)
    expect(puts.map(phase)).toEqual([...puts.map(phase)].sort())
  })

  it('a second deploy uploads nothing', async () => {
    const mark = server.requests.length
    const { code, stdout } = await deploy('dist', 's3://site')
    expect(code).toBe(0)
    expect(stdout).toContain(`Up to date: all ${FILES} objects of s3://site already match, nothing uploaded`)
    expect(server.writes(mark)).toEqual([])
  })

  it('--force uploads every file again', async () => {
    const mark = server.requests.length
    const { code, stdout } = await deploy('dist', 's3://site', '--force')
    expect(code).toBe(0)
    expect(stdout).toContain(`0 new, 0 changed, ${FILES} forced, 0 to delete, 0 unchanged`)
    expect(server.writes(mark)).toHaveLength(FILES)
  })

  it('after editing one post, only its page and pageContext.json go up', async () => {
    writeFileSync(join(dist, 'blog/first-post/index.html'), page('First post, edited'))
    writeFileSync(join(dist, 'blog/first-post/index.pageContext.json'), context('First post, edited'))
    const mark = server.requests.length
    const { code, stdout } = await deploy('dist', 's3://site')
    expect(code).toBe(0)
    expect(stdout).toContain(`0 new, 2 changed, 0 to delete, ${FILES - 2} unchanged`)
    expect(stdout).toContain('~ blog/first-post/index.html')
    expect(describeWrites(server.writes(mark)).sort()).toEqual(['PUT blog/first-post/index.html', 'PUT blog/first-post/index.pageContext.json'])
    expect(await text('site', 'blog/first-post/index.html')).toContain('First post, edited')
  })

  it("a removed page's objects are deleted, after every upload (a post page only with --allow-removed-pages)", async () => {
    rmSync(join(dist, 'blog/second-post'), { recursive: true })
    writeFileSync(join(dist, 'blog/index.html'), page('Blog without the second post'))
    const mark = server.requests.length
    const { code, stdout } = await deploy('dist', 's3://site', '--allow-removed-pages')
    expect(code).toBe(0)
    expect(stdout).toContain('- blog/second-post/index.html')
    expect(stdout).toContain('! 1 published post page deleted with no redirect (--allow-removed-pages):\n      /blog/second-post/  keep it with: redirectFrom: [/blog/second-post/]\n')
    expect(stdout).toMatch(/1 uploaded \([\d.]+ k?B\), 2 deleted/)
    const [first, ...rest] = describeWrites(server.writes(mark))
    expect(first).toBe('PUT blog/index.html')
    expect(rest.sort()).toEqual(['DELETE blog/second-post/index.html', 'DELETE blog/second-post/index.pageContext.json'])
    expect(await keysOf('site', 'blog')).not.toContain('blog/second-post/index.html')
  })

  it('--dry-run prints the plan, paths and counts, and changes nothing', async () => {
    writeFileSync(join(dist, 'index.html'), page('Home, new hero'))
    mkdirSync(join(dist, 'pricing'))
    writeFileSync(join(dist, 'pricing/index.html'), page('Pricing'))
    rmSync(join(dist, 'blog/first-post'), { recursive: true })
    const mark = server.requests.length

    const human = await deploy('dist', 's3://site', '--dry-run')
    expect(human.code).toBe(0)
    expect(human.stdout).toContain('dry run')
    for (const line of ['+ pricing/index.html', '~ index.html', '- blog/first-post/index.html', '- blog/first-post/index.pageContext.json', '= favicon.svg  unchanged']) {
      expect(human.stdout).toContain(line)
    }
    expect(human.stdout).toContain(`1 new, 1 changed, 2 to delete, ${FILES - 5} unchanged`)
    // Sizes as stored: the gzipped page's.
    const gzippedPricing = (await gzipForStorage(Buffer.from(page('Pricing')))).length
    expect(human.stdout).toContain(`+ pricing/index.html  new, ${gzippedPricing} B gzip`)
    expect(human.stdout).toMatch(/to upload, text gzipped\)/)
    expect(human.stdout).toMatch(/Dry run: nothing was changed\. A deploy would upload 2 objects \([\d.]+ k?B\) and delete 2\./)

    const json = await deploy('dist', 's3://site', '--dry-run', '--json')
    expect(json.code).toBe(0)
    const document = JSON.parse(json.stdout)
    expect(document).toMatchObject({ target: 's3://site', dryRun: true, layout: 'website', result: null })
    expect(document.plan.counts).toMatchObject({ new: 1, changed: 1, deleted: 2, unchanged: FILES - 5 })
    expect(document.plan.uploads.map((u: { key: string; reason: string }) => `${u.reason} ${u.key}`)).toEqual(['changed index.html', 'new pricing/index.html'])
    expect(document.plan.uploads[1]).toEqual({ key: 'pricing/index.html', source: 'pricing/index.html', reason: 'new', size: gzippedPricing, contentType: HTML, contentEncoding: 'gzip', cacheControl: REVALIDATE, websiteRedirectLocation: null })
    // A dry run says what a deploy would refuse, and does not refuse.
    expect(document.removedPages).toEqual({ allowed: false, pages: [{ url: '/blog/first-post/', kind: 'post', redirectFrom: 'redirectFrom: [/blog/first-post/]', keys: ['blog/first-post/index.html'] }] })
    expect(human.stdout).toContain('! a deploy would refuse: 1 published post page deleted with no redirect (--allow-removed-pages lets it go):\n      /blog/first-post/  keep it with: redirectFrom: [/blog/first-post/]\n')

    expect(server.writes(mark)).toEqual([])
    expect(await text('site', 'index.html')).toContain('<h1>Home</h1>')
  })

  it('the max-deletes guard refuses the whole deploy: nothing uploaded, nothing deleted', async () => {
    const mark = server.requests.length
    const { code, stdout, stderr } = await deploy('dist', 's3://site', '--max-deletes', '1')
    expect(code).toBe(1)
    expect(stderr.split('\n')[0]).toBe('error Refusing to delete 2 objects from s3://site (more than --max-deletes 1); nothing was changed')
    expect(stderr).toContain('pass --max-deletes 2')
    expect(stdout).toContain('- blog/first-post/index.html')
    expect(server.writes(mark)).toEqual([])
  })

  it('--json deploys and prints one JSON document, nothing else', async () => {
    const mark = server.requests.length
    const { code, stdout, stderr } = await deploy('dist', 's3://site', '--json', '--max-deletes', '2', '--allow-removed-pages')
    expect([code, stderr]).toEqual([0, ''])
    const document = JSON.parse(stdout)
    expect(document.result).toMatchObject({ uploaded: 2, deleted: 2, retries: 0 })
    // Bytes sent: the gzipped pages'.
    expect(document.result.bytes).toBe((await stored(page('Home, new hero'))).length + (await stored(page('Pricing'))).length)
    expect(document.deleteLimit).toEqual({ max: 2, exceeded: false })
    expect(describeWrites(server.writes(mark)).sort()).toEqual(
      ['PUT pricing/index.html', 'PUT index.html', 'DELETE blog/first-post/index.html', 'DELETE blog/first-post/index.pageContext.json'].sort(),
    )
  })
})

describe('kube-site deploy, layouts, prefixes and rules', () => {
  it('--layout cloudfront also stores each page as dir and dir/, kept in step with the page', async () => {
    writeSite(join(work, 'layouts'))
    const first = await deploy('layouts', 's3://layouts', '--layout', 'cloudfront')
    expect(first.code).toBe(0)
    const aliases = ['blog', 'blog/', 'blog/first-post', 'blog/first-post/', 'blog/second-post', 'blog/second-post/']
    expect(await keysOf('layouts')).toEqual([...Object.keys(SITE), ...aliases].sort())
    // Each alias is its page: the same gzipped bytes (so the same ETag) and headers.
    for (const key of ['blog', 'blog/first-post/']) {
      const [object, pageObject] = await Promise.all([head('layouts', key), head('layouts', `${key.replace(/\/$/, '')}/index.html`)])
      expect([object.ContentType, object.CacheControl, object.ContentEncoding, object.ETag]).toEqual([HTML, REVALIDATE, 'gzip', pageObject.ETag])
    }
    expect(await text('layouts', 'blog/first-post')).toBe(SITE['blog/first-post/index.html'])

    const mark = server.requests.length
    expect((await deploy('layouts', 's3://layouts', '--layout', 'cloudfront')).stdout).toContain('Up to date')
    writeFileSync(join(work, 'layouts/blog/index.html'), page('Blog, edited'))
    await deploy('layouts', 's3://layouts', '--layout', 'cloudfront')
    expect(describeWrites(server.writes(mark)).sort()).toEqual(['PUT blog', 'PUT blog/', 'PUT blog/index.html'])

    const back = await deploy('layouts', 's3://layouts')
    expect(back.code).toBe(0)
    expect(back.stdout).toContain(`0 new, 0 changed, 6 to delete, ${FILES} unchanged`)
    expect(await keysOf('layouts')).toEqual(Object.keys(SITE).sort())
  })

  it('a prefix: keys go under it, and nothing outside it is touched', async () => {
    writeSite(join(work, 'prefixed'))
    await client.send(new PutObjectCommand({ Bucket: 'prefixed', Key: 'other-site/index.html', Body: 'keep me' }))
    await client.send(new PutObjectCommand({ Bucket: 'prefixed', Key: 'marketing-old/index.html', Body: 'keep me too' }))
    await client.send(new PutObjectCommand({ Bucket: 'prefixed', Key: 'marketing/stale.html', Body: 'delete me' }))
    const { code, stdout } = await deploy('prefixed', 's3://prefixed/marketing/')
    expect(code).toBe(0)
    expect(stdout).toContain(`${FILES} new, 0 changed, 1 to delete`)
    expect(await keysOf('prefixed')).toEqual(
      ['marketing-old/index.html', 'other-site/index.html', ...Object.keys(SITE).map((key) => `marketing/${key}`)].sort(),
    )
    expect((await head('prefixed', 'marketing/assets/chunks/chunk-XKyaHtl9.js')).CacheControl).toBe(IMMUTABLE)
  })

  it("site.config.ts's deploy.cacheControl rules win over the defaults, first match first", async () => {
    writeSite(join(work, 'rules'))
    const rulesConfig = configWith(
      'rules',
      `{ cacheControl: [\n` +
        `  { match: 'uploads/*.pdf', value: 'public, max-age=86400' },\n` +
        `  { match: '**/*.html', value: 'no-cache' },\n` +
        `  { match: 'uploads/**', value: 'never used' },\n` +
        `] }`,
    )
    const { code, stderr } = await kubeSite(['deploy', '--to', 's3://rules', '--endpoint', server.endpoint, '--out', 'rules', '--config', rulesConfig])
    expect([code, stderr]).toEqual([0, ''])
    const cache = async (key: string) => (await head('rules', key)).CacheControl
    expect(await cache('uploads/privacy-policy.pdf')).toBe('public, max-age=86400')
    expect(await cache('blog/index.html')).toBe('no-cache')
    expect(await cache('blog/index.pageContext.json')).toBe(REVALIDATE)
    expect(await cache('assets/chunks/chunk-XKyaHtl9.js')).toBe(IMMUTABLE)
    expect(await cache('favicon.svg')).toBe(MEDIUM)
  })
})

describe('kube-site deploy, compression (deploy.compress), and preview serving what it stored', () => {
  /** A GET on the preview server, bytes as sent: fetch would decode gzip. */
  const rawGet = (url: string) =>
    new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      request(url, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
        response.on('error', reject)
      })
        .on('error', reject)
        .end()
    })

  /** For every key: what the bucket holds, and what `kube-site preview` sends for it, side by side. */
  async function bucketAndPreview(dir: string, storage: StorageRules) {
    const preview = await createStaticServer({ root: dir, port: 0, storage })
    try {
      const keys = await keysOf('compress')
      const pairs = await Promise.all(
        keys.map(async (key) => {
          const [object, bytes, served] = await Promise.all([head('compress', key), body('compress', key), rawGet(new URL(key, preview.url).href)])
          return {
            key,
            bucket: { type: object.ContentType, encoding: object.ContentEncoding, cache: object.CacheControl, etag: object.ETag, md5: md5(bytes) },
            preview: { type: served.headers['content-type'], encoding: served.headers['content-encoding'], cache: served.headers['cache-control'], etag: served.headers.etag, md5: md5(served.body) },
          }
        }),
      )
      return pairs
    } finally {
      await preview.close()
    }
  }

  it('preview sends each file with the bytes and headers deploy stored for it: gzipped text by default', async () => {
    const dir = writeSite(join(work, 'compress'))
    expect((await deploy('compress', 's3://compress')).code).toBe(0)
    const pairs = await bucketAndPreview(dir, { compress: true, cacheControl: [] })
    expect(pairs).toHaveLength(FILES)
    for (const { key, bucket, preview } of pairs) expect(preview, key).toEqual(bucket)
    expect(pairs.filter((pair) => pair.bucket.encoding === 'gzip').map((pair) => pair.key)).toEqual(Object.keys(SITE).filter((key) => !key.endsWith('.pdf')).sort())
  })

  it('compress: false re-uploads the text as built (the PDF stays), preview follows, and a second deploy uploads nothing', async () => {
    const plain = configWith('plain', '{ compress: false }')
    const mark = server.requests.length
    const off = await kubeSite(['deploy', '--to', 's3://compress', '--endpoint', server.endpoint, '--out', 'compress', '--config', plain])
    expect([off.code, off.stderr]).toEqual([0, ''])
    expect(off.stdout).toContain(`0 new, ${FILES - 1} changed, 0 to delete, 1 unchanged`)
    expect(off.stdout).not.toContain('gzip')
    expect(server.writes(mark).map((write) => write.key)).not.toContain('uploads/privacy-policy.pdf')
    for (const [key, content] of Object.entries(SITE)) {
      const object = await head('compress', key)
      expect([key, object.ContentEncoding, object.ETag]).toEqual([key, undefined, `"${md5(content)}"`])
    }
    const pairs = await bucketAndPreview(join(work, 'compress'), { compress: false, cacheControl: [] })
    for (const { key, bucket, preview } of pairs) expect(preview, key).toEqual(bucket)

    const again = server.requests.length
    const same = await kubeSite(['deploy', '--to', 's3://compress', '--endpoint', server.endpoint, '--out', 'compress', '--config', plain])
    expect(same.stdout).toContain('Up to date')
    expect(server.writes(again)).toEqual([])

    // And back on: the gzipped bytes differ from the plain ones, so the text goes up once more.
    const on = await deploy('compress', 's3://compress')
    expect(on.stdout).toContain(`0 new, ${FILES - 1} changed, 0 to delete, 1 unchanged`)
    expect((await head('compress', 'index.html')).ContentEncoding).toBe('gzip')
  })
})

describe('kube-site deploy, previews', () => {
  // The site as built with --base /previews/pr-7/: its pages load their assets from there.
  const previewSite = (base: string, extra: Record<string, string> = {}) =>
    Object.fromEntries(
      Object.entries({ ...SITE, ...extra }).map(([path, content]) => [path, typeof content === 'string' ? content.replaceAll('"/assets/', `"${base}assets/`) : content]),
    )
  const post = (title: string, date: string) =>
    `<!doctype html><html><head><title>${title} | KubeGuard</title><script type="module" src="/assets/entries/entry-client-routing.Bq3xY7aZ.js"></script>` +
    `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'BlogPosting', headline: title, datePublished: date })}</script></head><body><h1>${title}</h1></body></html>`
  const others = ['previews/pr-7/index.html', 'previews/pr-7/blog/index.html', 'previews/pr-70/index.html', 'previews/pr-8/assets/x.js']
  const put = (key: string) => client.send(new PutObjectCommand({ Bucket: 'previews', Key: key, Body: `object ${key}` }))

  it('a live deploy leaves every key under previews/ in place, and says so', async () => {
    await Promise.all(others.map(put))
    await put('stale.html')
    writeSite(join(work, 'live'))
    const { code, stdout, stderr } = await deploy('live', 's3://previews')
    expect([code, stderr]).toEqual([0, ''])
    expect(stdout).toContain(`${FILES} new, 0 changed, 1 to delete, 0 unchanged, 4 kept under the previews' folder`)
    expect(await keysOf('previews', 'previews')).toEqual([...others].sort())
    expect(await keysOf('previews')).not.toContain('stale.html')
  })

  it('deploys a preview built for its folder, under that folder only, and writes the job summary', async () => {
    writeSite(join(work, 'pr-9'), previewSite('/previews/pr-9/', { 'blog/going-live/index.html': post('Going live today', '2026-11-22') }))
    const summary = join(work, 'summary.md')
    writeFileSync(summary, '# Earlier steps\n\n')
    const mark = server.requests.length
    const { code, stdout, stderr } = await deploy('pr-9', 's3://previews/previews/pr-9', '--base', '/previews/pr-9/', '--summary', summary)
    expect([code, stderr]).toEqual([0, ''])
    expect(stdout).toContain('+ live: Going live today (2026-11-22, /blog/going-live/)')
    expect(server.writes(mark).every((write) => write.key.startsWith('previews/pr-9/'))).toBe(true)
    expect(await keysOf('previews', 'previews/pr-9')).toHaveLength(FILES + 1)
    expect(readFileSync(summary, 'utf8')).toBe(
      '# Earlier steps\n\n' +
        '### Preview pr-9: https://kubeguard.dev/previews/pr-9/\n\n' +
        `\`s3://previews/previews/pr-9\`: ${FILES + 1} objects were uploaded (${/\(([\d.]+ k?B) to upload, text gzipped\)/.exec(stdout)![1]}), 0 deleted, 0 unchanged.\n\n` +
        '**Posts that went live:**\n\n' +
        '- [Going live today](https://kubeguard.dev/previews/pr-9/blog/going-live/) (2026-11-22)\n\n',
    )

    // Deployed again unchanged: nothing goes up, and no post "goes live" twice.
    const again = await deploy('pr-9', 's3://previews/previews/pr-9', '--base', '/previews/pr-9/', '--json', '--url', 'https://preview.kubeguard.dev/previews/pr-9/')
    expect(JSON.parse(again.stdout)).toMatchObject({ preview: 'pr-9', removal: false, url: 'https://preview.kubeguard.dev/previews/pr-9/', newPosts: [], result: { uploaded: 0, deleted: 0 } })
  })

  it('refuses a target and a base that disagree, before anything is sent', async () => {
    writeSite(join(work, 'pr-5'), previewSite('/previews/pr-5/'))
    const mark = server.requests.length
    const cases: Array<[string[], string]> = [
      [['pr-5', 's3://previews/previews/pr-5'], "error --to s3://previews/previews/pr-5 and --base / disagree: the keys go under 'previews/pr-5', but the pages expect to be served at /"],
      [['pr-5', 's3://previews', '--base', '/previews/pr-5/'], "error --to s3://previews and --base /previews/pr-5/ disagree: the keys go under '(the bucket root)', but the pages expect to be served at /previews/pr-5/"],
      [['pr-5', 's3://previews/previews/pr-6', '--base', '/previews/pr-6/'], 'error pr-5/ was built with --base /previews/pr-5/, not /previews/pr-6/: its pages would load their files from /previews/pr-5/'],
      [['live', 's3://previews/previews/pr-5', '--base', '/previews/pr-5/'], 'error live/ was built with --base /, not /previews/pr-5/: its pages would load their files from /'],
      [['pr-5', 's3://previews/previews', '--base', '/previews/'], "error --to s3://previews/previews is the folder of every preview (deploy.previewPrefix 'previews'), not a site"],
    ]
    const results = await Promise.all(cases.map(([[out, to, ...flags]]) => deploy(out!, to!, ...flags)))
    results.forEach((run, index) => {
      const expected = cases[index]![1]
      expect([run.code, run.stderr.split('\n')[0], run.stdout], expected).toEqual([1, expected, ''])
    })
    expect(server.writes(mark)).toEqual([])
  })

  it('--remove deletes the preview, and only its own folder; never the live site', async () => {
    const liveKeys = (await keysOf('previews')).filter((key) => !key.startsWith('previews/'))
    const mark = server.requests.length
    const { code, stdout, stderr } = await kubeSite(['deploy', '--to', 's3://previews/previews/pr-7', '--remove', '--endpoint', server.endpoint, '--config', config, '--out', 'nowhere'])
    expect([code, stderr]).toEqual([0, ''])
    expect(stdout).toContain('Removing the preview at s3://previews/previews/pr-7')
    expect(describeWrites(server.writes(mark)).sort()).toEqual(['DELETE previews/pr-7/blog/index.html', 'DELETE previews/pr-7/index.html'])
    expect(await keysOf('previews', 'previews/pr-70')).toEqual(['previews/pr-70/index.html'])
    expect((await keysOf('previews')).filter((key) => !key.startsWith('previews/'))).toEqual(liveKeys)

    const refused = await Promise.all(
      ['s3://previews', 's3://previews/marketing', 's3://previews/previews'].map((to) => kubeSite(['deploy', '--to', to, '--remove', '--endpoint', server.endpoint, '--config', config])),
    )
    expect(refused.map((run) => [run.code, run.stderr.split('\n')[0]])).toEqual([
      [1, 'error --remove deletes a preview, and s3://previews is not one: it is not a folder of previews/'],
      [1, 'error --remove deletes a preview, and s3://previews/marketing is not one: it is not a folder of previews/'],
      [1, "error --to s3://previews/previews is the folder of every preview (deploy.previewPrefix 'previews'), not a site"],
    ])
    expect(server.writes(mark).filter((write) => !write.key.startsWith('previews/pr-7/'))).toEqual([])
  })
})

describe('kube-site deploy, a renamed post (sites built by the CLI from tests/cli/__fixtures__/deploy-rename)', () => {
  const OLD = '/blog/admission-control-basics/'
  const NEW = '/blog/admission-control-in-practice/'
  const OLD_KEY = 'blog/admission-control-basics/index.html'
  let built: { before: string; renamed: string; redirected: string }

  /** Builds the fixture's posts with the renamed post's `slug:` line replaced by `slugLines`. */
  async function buildWith(name: string, slugLines: string): Promise<string> {
    const posts = join(work, `${name}-posts`)
    cpSync(join(repoRoot, 'tests/cli/__fixtures__/deploy-rename/posts'), posts, { recursive: true })
    const post = join(posts, 'renamed-post.md')
    writeFileSync(post, readFileSync(post, 'utf8').replace('slug: admission-control-basics\n', slugLines))
    const out = join(work, name)
    const run = await kubeSite(['build', '--quiet', '--posts', posts, '--config', config, '--out', out], { env: cliEnv() })
    expect([run.code, run.stderr]).toEqual([0, ''])
    return out
  }

  beforeAll(async () => {
    built = {
      before: await buildWith('rename-before', 'slug: admission-control-basics\n'),
      renamed: await buildWith('rename-no-redirect', 'slug: admission-control-in-practice\n'),
      redirected: await buildWith('rename-redirect', `slug: admission-control-in-practice\nredirectFrom: [${OLD}]\n`),
    }
    for (const bucket of ['renames', 'removals']) expect((await deploy(built.before, `s3://${bucket}`)).code).toBe(0)
    expect(await keysOf('renames', 'blog')).toContain(OLD_KEY)
  }, 120_000)

  it('refuses a rename without a redirect before sending anything, naming the URL and the line that keeps it', async () => {
    const mark = server.requests.length
    const { code, stdout, stderr } = await deploy(built.renamed, 's3://renames')
    expect(code).toBe(1)
    expect(stderr).toBe(
      [
        'error Refusing to delete 1 published post page from s3://renames that no redirect covers: its URL would answer 404; nothing was changed',
        `  ✗ ${OLD}  keep it with: redirectFrom: [${OLD}]`,
        "  hint: Add that line to the frontmatter of the post that replaced the page (or map the old path in site.config.ts's redirects), build and deploy again. If the pages are meant to go, pass --allow-removed-pages.",
        '',
      ].join('\n'),
    )
    expect(stdout).toContain(`- ${OLD_KEY}  delete`)
    expect(server.writes(mark)).toEqual([])
    expect(await keysOf('renames', 'blog')).toContain(OLD_KEY)
  })

  it('--allow-removed-pages lets the page go', async () => {
    const { code, stdout, stderr } = await deploy(built.renamed, 's3://removals', '--allow-removed-pages')
    expect([code, stderr]).toEqual([0, ''])
    expect(stdout).toContain(`      ${OLD}  keep it with: redirectFrom: [${OLD}]`)
    expect(await keysOf('removals', 'blog')).not.toContain(OLD_KEY)
    expect(await keysOf('removals', 'blog')).toContain(`${NEW.slice(1)}index.html`)
  })

  it('with redirectFrom the deploy goes through: the old key becomes the redirect page, stored with its location', async () => {
    const mark = server.requests.length
    const { code, stdout, stderr } = await deploy(built.redirected, 's3://renames')
    expect([code, stderr]).toEqual([0, ''])
    expect(stdout).toMatch(new RegExp(`~ ${OLD_KEY}  changed, \\d+ B gzip → ${NEW}\n`))
    // The old page stays, as the redirect; its markdown twin goes (the post's twin is at its new
    // URL), and so does the search index's shard that held the post at its old URL.
    const deletes = describeWrites(server.writes(mark)).filter((write) => write.startsWith('DELETE'))
    expect(stdout).toContain(`, ${deletes.length} to delete, `)
    expect(deletes.filter((write) => !write.startsWith('DELETE assets/search/'))).toEqual([`DELETE ${OLD.slice(1)}index.md`])
    expect(deletes.some((write) => /^DELETE assets\/search\/[0-9a-f]{16}\/pagefind-entry\.json$/.test(write))).toBe(true)
    const object = await head('renames', OLD_KEY)
    expect([object.WebsiteRedirectLocation, object.ContentType, object.ContentEncoding]).toEqual([NEW, HTML, 'gzip'])
    expect((await head('renames', `${NEW.slice(1)}index.html`)).WebsiteRedirectLocation).toBeUndefined()

    const again = server.requests.length
    const second = await deploy(built.redirected, 's3://renames')
    expect(second.stdout).toContain('Up to date')
    expect(server.writes(again)).toEqual([])
  })

  it('the bucket served as S3 website hosting and kube-site preview answer the old URL alike: a 301 to the new one', async () => {
    const [website, preview] = await Promise.all([serveBucket(server, 'renames'), createStaticServer({ root: built.redirected, port: 0 })])
    const answer = (origin: string, path: string, method: string) =>
      new Promise<{ status?: number; location?: string }>((resolve, reject) => {
        request(new URL(path, origin), { method }, (response) => {
          response.resume()
          response.on('end', () => resolve({ status: response.statusCode, location: response.headers.location }))
        })
          .on('error', reject)
          .end()
      })
    try {
      const cases: Array<[string, string, { status: number; location?: string }]> = [
        [OLD, 'GET', { status: 301, location: NEW }],
        [OLD, 'HEAD', { status: 301, location: NEW }],
        [`${OLD}?utm_source=feed`, 'GET', { status: 301, location: NEW }],
        [`${OLD}index.html`, 'GET', { status: 301, location: NEW }],
        [OLD.slice(0, -1), 'GET', { status: 302, location: OLD }],
        [NEW, 'GET', { status: 200, location: undefined }],
      ]
      for (const [path, method, expected] of cases) {
        const [bucket, served] = await Promise.all([answer(website.url, path, method), answer(preview.url, path, method)])
        expect({ path, method, ...served }).toEqual({ path, method, ...expected })
        expect(bucket, `${method} ${path}`).toEqual(served)
      }
    } finally {
      await Promise.all([website.close(), preview.close()])
    }
  })

  it('in the cloudfront layout the page and its dir and dir/ keys are stored without a redirect location: the page redirects itself', async () => {
    expect((await deploy(built.redirected, 's3://renames-cloudfront', '--layout', 'cloudfront')).code).toBe(0)
    const keys = [OLD_KEY, OLD.slice(1), OLD.slice(1, -1)]
    const objects = await Promise.all(keys.map((key) => head('renames-cloudfront', key)))
    expect(objects.map((object) => [object.WebsiteRedirectLocation, object.ETag])).toEqual(keys.map(() => [undefined, objects[0]!.ETag]))
    expect(await text('renames-cloudfront', OLD.slice(1, -1))).toContain(`<meta http-equiv="refresh" content="0; url=${NEW}">`)
  })
})

describe('kube-site deploy, failures', () => {
  it('retries transient errors (503 SlowDown) with backoff, and says so', async () => {
    writeSite(join(work, 'retries'))
    const mark = server.requests.length
    server.fail(2, (r) => r.method === 'PUT' && r.key === 'assets/chunks/chunk-XKyaHtl9.js')
    const { code, stdout, stderr } = await deploy('retries', 's3://retries')
    expect(code).toBe(0)
    expect(stderr).toContain('warning uploading assets/chunks/chunk-XKyaHtl9.js failed (SlowDown, HTTP 503); try 2 of 5 in')
    expect(stderr).toContain('try 3 of 5')
    expect(stdout).toContain(`${FILES} uploaded`)
    expect(stdout).toContain('2 requests retried')
    expect(server.writes(mark).filter((w) => w.key === 'assets/chunks/chunk-XKyaHtl9.js').map((w) => w.status)).toEqual([503, 503, 200])
  })

  it('a request that is denied stops the deploy before any page, and deletes nothing', async () => {
    writeSite(join(work, 'failures'))
    await client.send(new PutObjectCommand({ Bucket: 'failures', Key: 'old/index.html', Body: 'old' }))
    const mark = server.requests.length
    server.fail(1, (r) => r.method === 'PUT' && r.key === 'favicon.svg', 403, 'AccessDenied')
    const { code, stderr } = await deploy('failures', 's3://failures')
    expect(code).toBe(1)
    expect(stderr.split('\n')[0]).toBe('error Access denied while uploading favicon.svg (AccessDenied)')
    expect(stderr).toMatch(/of 18 uploads were done and nothing was deleted/)
    const writes = server.writes(mark)
    expect(writes.filter((w) => w.key === 'favicon.svg')).toHaveLength(1) // not retried
    expect(writes.filter((w) => w.method === 'DELETE' || /\.html$|pageContext/.test(w.key))).toEqual([])
  })

  it('a wrong endpoint, a missing bucket, a wrong key and no credentials: one clear line, exit 1', async () => {
    writeSite(join(work, 'errors'))
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number }
        probe.close(() => resolve(port))
      })
    })
    const base = ['deploy', '--out', 'errors', '--config', config]
    const cases: Array<[string[], NodeJS.ProcessEnv, string]> = [
      [['--to', 's3://site', '--endpoint', `http://127.0.0.1:${closedPort}`], deployEnv(), `error Could not reach http://127.0.0.1:${closedPort} while listing s3://site (ECONNREFUSED)`],
      [['--to', 's3://no-such-bucket', '--endpoint', server.endpoint], deployEnv(), `error Bucket "no-such-bucket" does not exist at ${server.endpoint}`],
      [['--to', 's3://site', '--endpoint', server.endpoint], deployEnv({ AWS_ACCESS_KEY_ID: 'AKIAWRONGKEY' }), 'error Access denied while listing s3://site (InvalidAccessKeyId)'],
      [
        ['--to', 's3://site', '--endpoint', server.endpoint],
        (() => {
          const env = deployEnv()
          delete env.AWS_ACCESS_KEY_ID
          delete env.AWS_SECRET_ACCESS_KEY
          return env
        })(),
        'error No credentials found for s3://site: Could not load credentials from any providers',
      ],
      [['--to', 'site-bucket'], deployEnv(), 'error --to "site-bucket": is not an s3:// URL'],
      [['--to', 's3://site', '--endpoint', 'localhost:9000'], deployEnv(), 'error --endpoint "localhost:9000": is not an http(s) URL'],
      [['--to', 's3://site', '--out', 'nowhere'], deployEnv(), 'error Nothing to deploy: nowhere/index.html does not exist'],
    ]
    const runs = await Promise.all(cases.map(([args, env]) => kubeSite([...base, ...args], { env })))
    runs.forEach((run, index) => {
      const expected = cases[index]![2]
      expect([run.code, run.stderr.split('\n')[0]], expected).toEqual([1, expected])
      expect(run.stderr, expected).not.toMatch(/\n\s+at /)
      expect(run.stdout, expected).toBe('')
    })
  })

  it('shows its options in --help, and is listed by kube-site --help', async () => {
    const help = await kubeSite(['deploy', '--help'])
    for (const flag of ['--to <s3://bucket[/prefix]>', '--endpoint <url>', '--region <region>', '--dry-run', '--force', '--max-deletes <n>', '--allow-removed-pages', '--concurrency <n>', '--json', '--layout <layout>']) {
      expect(help.stdout).toContain(flag)
    }
    expect((await kubeSite(['--help'])).stdout).toMatch(/deploy \[options\]/)
    const bad = await kubeSite(['deploy', '--to', 's3://site', '--max-deletes', 'many'])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain("option '--max-deletes <n>' argument 'many' is invalid. must be a whole number, 0 or more (-1: no limit)")
  })
})

describe('listRemoteObjects against the server', () => {
  it('follows continuation tokens across pages, under a prefix or the whole bucket', async () => {
    const all = await listRemoteObjects(client, 'site', '')
    const paged = await listRemoteObjects(client, 'site', '', { pageSize: 2 })
    expect(paged).toEqual(all)
    expect(all.length).toBeGreaterThan(4)
    const marks: string[] = []
    await listRemoteObjects(client, 'site', 'blog', { pageSize: 1, send: (request) => (marks.push('page'), request()) })
    const blog = all.filter((o) => o.key.startsWith('blog/'))
    expect(blog.length).toBeGreaterThan(1)
    expect(marks.length).toBeGreaterThanOrEqual(blog.length) // one key per page, maybe an empty last page
    expect(marks.length).toBeLessThanOrEqual(blog.length + 1)
    const favicon = await stored(SITE['favicon.svg']!)
    expect(all.find((o) => o.key === 'favicon.svg')).toEqual({ key: 'favicon.svg', size: favicon.length, etag: md5(favicon) })
  })
})
