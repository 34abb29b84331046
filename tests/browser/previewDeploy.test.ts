import { S3Client } from '@aws-sdk/client-s3'
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extractLinks } from '../../cli/check/extractLinks.ts'
import { listRemoteObjects } from '../../cli/deploy/remoteObjects.ts'
import { createStaticServer, type StaticServer } from '../../cli/preview/createStaticServer.ts'
import { launchBrowser, openPage } from '../support/browser.ts'
import { buildSite, cliEnv, repoRoot, tmpRoot } from '../support/buildSite.ts'
import { hydrated } from '../support/pageHelpers.ts'
import { S3_ACCESS_KEY, startS3Server, type S3TestServer } from '../support/s3Server.ts'
import { serveBucket, type S3Website } from '../support/s3Website.ts'

// A pull-request preview as CI makes it: the real site built with --base /previews/pr-7/ --noindex,
// deployed by the real CLI to s3rver under previews/pr-7/, then browsed through a server with S3
// website semantics that reads the bucket: every link and asset must resolve under the prefix.
// Text is stored gzipped (deploy.compress is on by default), and `kube-site preview`'s server
// must send the same bytes and headers as the bucket for every key.

const BASE = '/previews/pr-7/'
const SITE_URL = 'https://kubeguard.dev'
const run = promisify(execFile)

let s3: S3TestServer
let client: S3Client
let website: S3Website
let browser: Awaited<ReturnType<typeof launchBrowser>>
let home: string
let outDir: string
let preview: StaticServer
/** The CLI's environment for a deploy to s3rver: its key, nothing of the machine's AWS set-up. */
let deployEnv: NodeJS.ProcessEnv

/** A GET whose body stays as sent (fetch would decode gzip). */
const rawGet = (url: string) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(url, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
      response.on('error', reject)
    })
      .on('error', reject)
      .end()
  })

beforeAll(async () => {
  // The test's own client: the CLI silences this notice itself.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'
  outDir = (await buildSite({ out: 'preview-pr-7', base: BASE, noindex: true })).outDir
  s3 = await startS3Server(['site', 'renamed'])
  home = mkdtempSync(join(tmpdir(), 'kube-site-home-'))
  const env = cliEnv()
  for (const key of Object.keys(env)) if (key.startsWith('AWS_')) delete env[key]
  deployEnv = { ...env, HOME: home, AWS_EC2_METADATA_DISABLED: 'true', AWS_ACCESS_KEY_ID: S3_ACCESS_KEY, AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' }
  await run(process.execPath, [join(repoRoot, 'cli/bin.js'), 'deploy', '--to', 's3://site/previews/pr-7', '--base', BASE, '--out', outDir, '--endpoint', s3.endpoint], { cwd: repoRoot, env: deployEnv })
  client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: S3_ACCESS_KEY, secretAccessKey: 'S3RVER' } })
  website = await serveBucket(s3, 'site')
  // Served as `kube-site preview --base /previews/pr-7/` serves it: the same paths as the bucket's website.
  preview = await createStaticServer({ root: outDir, port: 0, base: BASE })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.cleanup()
  await preview?.close()
  await website?.close()
  client?.destroy()
  await s3?.close()
  rmSync(home, { recursive: true, force: true })
})

describe('a preview deployed under previews/pr-7/', () => {
  it('holds every key under its prefix, and nothing elsewhere', async () => {
    const keys = (await listRemoteObjects(client, 'site', '')).map((object) => object.key)
    expect(keys.length).toBeGreaterThan(50)
    expect(keys.filter((key) => !key.startsWith('previews/pr-7/'))).toEqual([])
    expect(keys).toContain('previews/pr-7/index.html')
  })

  it('links and loads only what is under the prefix, and all of it exists', async () => {
    const pages = (await listRemoteObjects(client, 'site', 'previews/pr-7')).map((object) => object.key).filter((key) => key.endsWith('.html'))
    const checked = new Set<string>()
    for (const key of pages) {
      const html = await (await fetch(new URL(key, website.url))).text()
      for (const ref of extractLinks(html).refs) {
        const url = new URL(ref.url, new URL(key, website.url))
        // Absolute URLs on the site's own address (canonical, og:url, the feed) are internal too.
        const internal = url.origin === new URL(website.url).origin || url.origin === SITE_URL
        if (!internal) continue
        expect(url.pathname, `${ref.from} ${ref.url} on /${key}`).toMatch(/^\/previews\/pr-7\//)
        if (checked.has(url.pathname)) continue
        checked.add(url.pathname)
        const response = await fetch(new URL(url.pathname, website.url), { redirect: 'manual' })
        expect(response.status, `${ref.url} on /${key}`).toBe(200)
      }
    }
    expect(checked.size).toBeGreaterThan(20)
  })

  it('is browsed in chromium: home, blog, a post in place, pricing; every request under the prefix, no errors', async () => {
    const { page, errors, requests, context } = await openPage(browser)
    const response = await page.goto(`${website.url}previews/pr-7/`)
    expect(response?.status()).toBe(200)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toBe('Kubernetes Security, Reimagined')
    await page.getByRole('banner').getByRole('link', { name: 'Blog', exact: true }).click()
    await page.waitForURL(`${website.url}previews/pr-7/blog/`)
    await hydrated(page)
    const title = (await page.locator('main article h2').first().textContent())!
    await page.locator('main article').first().click({ position: { x: 60, y: 60 } })
    await page.waitForURL(/\/previews\/pr-7\/blog\/[a-z0-9-]+\/$/)
    // The URL changes before the post renders in place (its body is fetched from its page first).
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(title)
    await page.goto(`${website.url}previews/pr-7/pricing`)
    expect(page.url()).toBe(`${website.url}previews/pr-7/pricing/`)
    await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toBe('Choose Your Security Plan')
    const local = requests.filter((url) => url.startsWith(website.url))
    expect(local.length).toBeGreaterThan(10)
    expect(local.filter((url) => !url.startsWith(`${website.url}previews/pr-7/`))).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it("is stored as preview serves it: for every key, the same bytes, Content-Type, Content-Encoding, Cache-Control and ETag", async () => {
    const keys = (await listRemoteObjects(client, 'site', 'previews/pr-7')).map((object) => object.key)
    const headersOf = ({ status, headers, body }: Awaited<ReturnType<typeof rawGet>>) => ({
      status,
      type: headers['content-type'],
      encoding: headers['content-encoding'],
      cache: headers['cache-control'],
      etag: headers.etag,
      bytes: body.length,
      md5: createHash('md5').update(body).digest('hex'),
    })
    const port = (url: string) => new URL(url).origin
    expect(keys.length).toBeGreaterThan(50)
    for (const key of keys) {
      const [stored, served] = await Promise.all([rawGet(`${port(website.url)}/${key}`), rawGet(`${port(preview.url)}/${key}`)])
      expect(headersOf(served), key).toEqual(headersOf(stored))
    }
    const encodings = await Promise.all(['index.html', 'blog/index.html', 'robots.txt', 'sitemap.xml'].map(async (key) => (await rawGet(`${website.url}previews/pr-7/${key}`)).headers['content-encoding']))
    expect(encodings).toEqual(['gzip', 'gzip', 'gzip', 'gzip'])
  })

  it('answers every kind of request as the S3 website endpoint does: pages with and without their slash, an index.html, queries, unknown paths, HEAD', async () => {
    // s3rver's own website hosting is the judge of kube-site preview (cli/preview/), which models it.
    const answer = async (origin: string, path: string, method: 'GET' | 'HEAD') => {
      const response = await fetch(`${new URL(origin).origin}/${path}`, { method, redirect: 'manual' })
      const body = Buffer.from(await response.arrayBuffer())
      const header = (name: string) => response.headers.get(name) ?? undefined
      return { status: response.status, location: header('location'), type: header('content-type'), encoding: header('content-encoding'), cache: header('cache-control'), md5: createHash('md5').update(body).digest('hex') }
    }
    const paths = ['', 'blog/', 'blog', 'pricing', 'pricing/index.html', 'blog/page/2', 'robots.txt?utm=1', 'blog/?q=policies', 'sitemap.xml', 'favicon.svg']
    const unknown = ['no/such/page/', 'no-such-file.css']
    for (const method of ['GET', 'HEAD'] as const) {
      for (const path of paths) {
        const [s3Answer, previewAnswer] = await Promise.all([answer(website.url, `previews/pr-7/${path}`, method), answer(preview.url, `previews/pr-7/${path}`, method)])
        // A redirect is its status and Location; its small body and headers are each server's own.
        const compared = (answered: typeof s3Answer) => (answered.status >= 300 && answered.status < 400 ? { status: answered.status, location: answered.location } : answered)
        expect(compared(previewAnswer), `${method} ${path}`).toEqual(compared(s3Answer))
      }
      // An unknown key is a 404 from both; the body is each one's error document (the bucket's is
      // the live site's 404.html, at its root; a preview serves its own), so only the status is compared.
      for (const path of unknown) {
        const [s3Answer, previewAnswer] = await Promise.all([answer(website.url, `previews/pr-7/${path}`, method), answer(preview.url, `previews/pr-7/${path}`, method)])
        expect([previewAnswer.status, s3Answer.status], `${method} ${path}`).toEqual([404, 404])
      }
    }
  })

  it('renders in chromium from gzipped objects: the documents, scripts and styles it loads come gzipped', async () => {
    const { page, errors, context } = await openPage(browser)
    const encodings = new Map<string, string>()
    page.on('response', (response) => {
      const type = response.request().resourceType()
      if (['document', 'script', 'stylesheet'].includes(type)) encodings.set(`${type} ${new URL(response.url()).pathname}`, response.headers()['content-encoding'] ?? 'none')
    })
    await page.goto(`${website.url}previews/pr-7/blog/`)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toBe('Blog')
    expect(encodings.size).toBeGreaterThan(3)
    expect([...encodings].filter(([, encoding]) => encoding !== 'gzip')).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('is kept out of search engines: a noindex meta on every page, and a robots.txt that disallows all', async () => {
    const { page, context } = await openPage(browser)
    for (const path of ['', 'blog/', 'pricing/', 'privacy-policy/']) {
      await page.goto(`${website.url}previews/pr-7/${path}`)
      await expect(page.locator('meta[name="robots"]').getAttribute('content'), path).resolves.toBe('noindex')
    }
    await context.close()
    const robots = await fetch(`${website.url}previews/pr-7/robots.txt`)
    expect([robots.status, await robots.text()]).toEqual([200, 'User-agent: *\nDisallow: /\n'])
    expect(readFileSync(join(tmpRoot, 'preview-pr-7/index.html'), 'utf8')).toContain('<meta name="robots" content="noindex"/>')
  })
})

describe('a renamed post with redirectFrom, deployed and previewed', () => {
  // The fixture of the deploy tests (tests/cli/__fixtures__/deploy-rename), its post moved from
  // admission-control-basics to admission-control-in-practice with the old URL in redirectFrom.
  const OLD = 'blog/admission-control-basics/'
  const NEW = 'blog/admission-control-in-practice/'
  let renamed: { website: S3Website; preview: StaticServer; posts: string }

  beforeAll(async () => {
    const posts = mkdtempSync(join(tmpdir(), 'kube-site-renamed-'))
    cpSync(join(repoRoot, 'tests/cli/__fixtures__/deploy-rename/posts'), posts, { recursive: true })
    const post = join(posts, 'renamed-post.md')
    writeFileSync(post, readFileSync(post, 'utf8').replace('slug: admission-control-basics\n', `slug: admission-control-in-practice\nredirectFrom: [/${OLD}]\n`))
    const { outDir: dist } = await buildSite({ out: 'preview-renamed', posts })
    await run(process.execPath, [join(repoRoot, 'cli/bin.js'), 'deploy', '--to', 's3://renamed', '--out', dist, '--endpoint', s3.endpoint], { cwd: repoRoot, env: deployEnv })
    renamed = { website: await serveBucket(s3, 'renamed'), preview: await createStaticServer({ root: dist, port: 0 }), posts }
  })
  afterAll(async () => {
    await renamed?.website.close()
    await renamed?.preview.close()
    if (renamed) rmSync(renamed.posts, { recursive: true, force: true })
  })

  it.each(['the bucket as S3 website hosting serves it', 'kube-site preview'])(
    'through %s, the old URL with #rolling-out lands on the post at that section by one 301, the fragment kept',
    async (through) => {
      const origin = through === 'kube-site preview' ? renamed.preview.url : renamed.website.url
      const { page, errors, context } = await openPage(browser)
      const response = await page.goto(`${origin}${OLD}#rolling-out`)
      expect(page.url()).toBe(`${origin}${NEW}#rolling-out`)
      // Answered by the host, never by the redirect page's own script: the page was not loaded.
      const hop = response!.request().redirectedFrom()
      expect([new URL(hop!.url()).pathname, (await hop!.response())!.status(), hop!.redirectedFrom()]).toEqual([`/${OLD}`, 301, null])
      await hydrated(page)
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Admission control in practice')
      await expect(page.locator(':target').textContent()).resolves.toBe('Rolling out')
      expect(errors).toEqual([])
      await context.close()
    },
  )
})
