import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Parser } from 'htmlparser2'
import type { ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest'
import { hashSource, parsePolicy } from '../security/contentSecurityPolicy.ts'
import type { Reporter } from '../ui/createReporter.ts'
import { startDevServer } from './startDevServer.ts'
import { holdBuildLock } from '../../tests/support/buildLock.mjs'

// A real `kube-site dev` in this process, on a site of its own (outside the tool root, where a
// writer's is): what a page is answered after the site config is saved. The early inline script
// is compiled from the config (its theme's storage key is the brand's), so a save that changes the
// brand changes the script, and the page's policy must allow the script the page now carries.
// The server is started from the site's folder, as a writer starts it, and never changes the
// working folder: vike and vite take the tool root from the config (viteConfig.ts).

const repo = fileURLToPath(new URL('../..', import.meta.url))
const post = '---\ntitle: "Only post"\nexcerpt: "E"\nauthor: "A"\ndate: 2025-01-05\ntags: [k8s]\n---\nBody.\n'
// A German post of its own, renamed: its old URL is under the German prefix.
const germanPost = '---\ntitle: "Netzwerkrichtlinien"\nexcerpt: "E"\nauthor: "A"\ndate: 2025-01-06\ntags: [k8s]\nredirectFrom: [/blog/alte-netzwerkrichtlinien/]\n---\nText.\n'
const config = (brand: string) =>
  `import config from ${JSON.stringify(join(repo, 'site.config.ts'))}\nexport default { ...config, brand: { ...config.brand, name: ${JSON.stringify(brand)} } }\n`

let site: string
let configFile: string
let server: ViteDevServer
let origin: string
let env: Record<string, string | undefined> = {}
let onLine: ((line: string) => void) | undefined
let cwd: string
let chdir: MockInstance<typeof process.chdir>
const reporter: Reporter = { phase: () => () => {}, progress: () => {}, warn: () => {}, info: (line) => onLine?.(line) }

/**
 * Resolves once the server has taken the saved config in. A save may be seen half written (the
 * file truncated, then written): that reload's problem is reported, and the file is read again.
 */
const configApplied = () =>
  new Promise<void>((resolve) => {
    onLine = (line) => {
      if (/^ {2}(updated|fixed) site\.config\.ts$/.test(line)) resolve()
    }
  })

let release: (() => void) | undefined

beforeAll(async () => {
  // vite on the checkout's pages/, as a CLI run from a test: one at a time (tests/support/buildLock.mjs).
  release = await holdBuildLock(repo)
  site = mkdtempSync(join(tmpdir(), 'kube-site-dev-server-'))
  configFile = join(site, 'site.config.ts')
  mkdirSync(join(site, 'posts'))
  writeFileSync(join(site, 'posts', 'only-post.md'), post)
  mkdirSync(join(site, 'posts', 'de'))
  writeFileSync(join(site, 'posts', 'de', 'netzwerkrichtlinien.md'), germanPost)
  writeFileSync(configFile, config('KubeGuard'))
  // As `kube-site dev` runs: vike leaves its plugin out of a server that vite makes under vitest
  // (VITEST set) unless vike's API is already at work, and the command sets NODE_ENV.
  env = { VITEST: process.env.VITEST, NODE_ENV: process.env.NODE_ENV }
  delete process.env.VITEST
  process.env.NODE_ENV = 'development'
  cwd = process.cwd()
  process.chdir(site)
  chdir = vi.spyOn(process, 'chdir')
  server = await startDevServer({ configFile, postsDir: join(site, 'posts'), port: 0, host: '127.0.0.1', drafts: true, cwd: site }, reporter)
  origin = `http://127.0.0.1:${(server.httpServer!.address() as AddressInfo).port}`
}, 300_000)

afterAll(async () => {
  await server?.close()
  chdir?.mockRestore()
  if (cwd) process.chdir(cwd)
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
  rmSync(site, { recursive: true, force: true })
  release?.()
})

/** The page at `path` as a browser asks for it. */
async function page(path: string) {
  const response = await fetch(`${origin}${path}`, { headers: { accept: 'text/html' } })
  return { status: response.status, html: await response.text() }
}

/** The script types a browser runs (a data block, application/json, it only reads). */
const RUNS = /^(?:|module|importmap|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i

/** The page's policy (its meta tag) and the text of each inline script it runs, as a browser reads them. */
function readPage(html: string): { policy: Map<string, string[]> | undefined; inlineScripts: string[] } {
  let policy: Map<string, string[]> | undefined
  const inlineScripts: string[] = []
  let text: string | undefined
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'meta' && attributes['http-equiv']?.toLowerCase() === 'content-security-policy') policy = parsePolicy(attributes.content ?? '')
        if (name === 'script' && attributes.src === undefined && RUNS.test(attributes.type?.trim() ?? '')) text = ''
      },
      ontext(chunk) {
        if (text !== undefined) text += chunk
      },
      onclosetag(name) {
        if (name === 'script' && text !== undefined) inlineScripts.push(text)
        if (name === 'script') text = undefined
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  )
  parser.end(html)
  return { policy, inlineScripts }
}

/** Expects the page itself (not the dev server's error page) under a strict policy that allows each of its inline scripts by its hash. */
function expectPageUnderItsPolicy({ status, html }: { status: number; html: string }) {
  expect(html).not.toContain('kube-site-content-error')
  expect(status).toBe(200)
  const { policy, inlineScripts } = readPage(html)
  const scriptSources = policy?.get('script-src') ?? []
  expect(scriptSources).not.toContain("'unsafe-inline'")
  expect(inlineScripts.length).toBeGreaterThan(0)
  for (const script of inlineScripts) expect(scriptSources).toContain(hashSource(script))
}

describe('startDevServer', () => {
  it("serves the tool root's pages when started from the site's folder, without changing the working folder", async () => {
    expect((await page('/')).status).toBe(200)
    expect(process.cwd()).toBe(site)
    expect(chdir).not.toHaveBeenCalled()
  })

  it("serves no file of the folder it is started from that the tool root would not (vike's fs.allow of the cwd taken out)", async () => {
    const response = await fetch(`${origin}/@fs${realpathSync(configFile)}`)
    expect(response.status).toBe(403)
    expect(server.config.server.fs.allow).not.toContain(realpathSync(site))
    // The tool root's files are served as before.
    expect((await fetch(`${origin}/@fs${join(repo, 'pages', '_lib', 'urls', 'urls.ts')}`)).status).toBe(200)
  })

  it("answers a data hook's 404 under a locale's prefix with that locale's not-found page, as de/404.html is built", async () => {
    // The config is the repository's: English, and German under /de/. A post and a tag that do
    // not exist: their +data hooks throw render(404), and vike renders the error page anew.
    for (const path of ['/de/blog/no-such-post/', '/de/blog/tags/no-such-tag/', '/de/no/such/page/']) {
      const { status, html } = await page(path)
      expect(status).toBe(404)
      expect(html).toMatch(/<html lang="de" dir="ltr">/)
      expect(html).toMatch(/<title>Seite nicht gefunden \| /)
      // Its links are the German site's; its own URL is the one asked for, never prefixed twice.
      expect(html).toMatch(/<a class="[^"]*" href="\/de\/">/)
      expect(html).toContain(`content="https://kubeguard.dev${path}"`)
    }
    const { status, html } = await page('/blog/no-such-post/')
    expect(status).toBe(404)
    expect(html).toMatch(/<html lang="en" dir="ltr">/)
    expect(html).toMatch(/<title>Page not found \| /)
  })

  it("answers a German post's old URL with a 301 to its page under /de/, as the build writes its redirect page", async () => {
    const response = await fetch(`${origin}/de/blog/alte-netzwerkrichtlinien/`, { redirect: 'manual' })
    expect([response.status, response.headers.get('location')]).toEqual([301, '/de/blog/netzwerkrichtlinien/'])
    expect((await page('/de/blog/netzwerkrichtlinien/')).status).toBe(200)
    // A German post's old URL is the German blog's alone.
    expect((await page('/blog/alte-netzwerkrichtlinien/')).status).toBe(404)
  })

  it("serves a German post's markdown twin beside its page, as the build writes it, and its pages in the sitemap", async () => {
    const twin = await fetch(`${origin}/de/blog/netzwerkrichtlinien/index.md`)
    expect(twin.status).toBe(200)
    expect(await twin.text()).toMatch(/^# Netzwerkrichtlinien\n[^]*https:\/\/kubeguard\.dev\/de\/blog\/netzwerkrichtlinien\//)
    expect((await fetch(`${origin}/blog/netzwerkrichtlinien/index.md`)).status).toBe(404)
    const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text()
    for (const url of ['/blog/only-post/', '/de/', '/de/blog/', '/de/blog/netzwerkrichtlinien/']) expect(sitemap).toContain(`<loc>https://kubeguard.dev${url}</loc>`)
  })

  it('serves a page under a policy that allows its inline scripts, before and after the config is saved with a new brand', async () => {
    for (const path of ['/', '/blog/only-post/']) expectPageUnderItsPolicy(await page(path))
    const before = readPage((await page('/')).html).inlineScripts

    const applied = configApplied()
    writeFileSync(configFile, config('Other Brand'))
    await applied

    for (const path of ['/', '/blog/only-post/']) {
      const answer = await page(path)
      expectPageUnderItsPolicy(answer)
      // The early script now stores the theme under the new brand's key.
      expect(answer.html).toContain('other-brand-theme')
    }
    expect(readPage((await page('/')).html).inlineScripts).not.toEqual(before)
  }, 300_000)
})
