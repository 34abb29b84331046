import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchBrowser, openPage } from '../support/browser.ts'
import { hydrated, postBodies } from '../support/pageHelpers.ts'
import { devSiteDir, freePort, importRepoConfig, takeTurnsWithDevServerFiles } from '../support/devServer.ts'
import { makeScreenshot } from '../support/screenshot.mjs'
import { cliEnv, repoRoot } from '../support/buildSite.ts'

// `kube-site dev` as a writer uses it: a site folder with its own posts and config, the page
// open in chromium, files edited on disk.

const site = devSiteDir('dev-site')
const post = join(site, 'posts', 'pod-security-admission-in-practice.md')
const configFile = join(site, 'site.config.ts')
let server: ChildProcess
let url: string
let output = ''
let browser: Awaited<ReturnType<typeof launchBrowser>>

const writeConfig = (heroTitle: string) =>
  writeFileSync(
    configFile,
    `${importRepoConfig}\nexport default { ...config, hero: { ...config.hero, title: ${JSON.stringify(heroTitle)} } }\n`,
  )

takeTurnsWithDevServerFiles()
beforeAll(async () => {
  mkdirSync(site, { recursive: true })
  cpSync(join(repoRoot, 'posts'), join(site, 'posts'), { recursive: true })
  writeConfig('Kubernetes Security, Reimagined')
  const port = await freePort()
  server = spawn(process.execPath, [join(repoRoot, 'cli/bin.js'), 'dev', '--port', String(port)], { cwd: site, env: cliEnv({ NO_COLOR: '1' }) })
  server.stdout!.on('data', (chunk) => (output += chunk))
  server.stderr!.on('data', (chunk) => (output += chunk))
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dev server did not start:\n${output}`)), 60_000)
    server.stdout!.on('data', () => {
      const match = /kube-site dev at (http:\S+)/.exec(output)
      if (match) resolve(match[1]!), clearTimeout(timer)
    })
  })
  browser = await launchBrowser()
})

afterAll(async () => {
  // The server has stopped watching and writing only once it has exited: the next test file may
  // build the same pages/ (vike writes beside them), and the site folder is removed after.
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  await browser?.cleanup()
  rmSync(site, { recursive: true, force: true })
})

const heading = (page: import('playwright-core').Page, text: string) => page.getByRole('link', { name: text }).or(page.getByRole('heading', { name: text }))

/**
 * A page opened at `path` once it listens: its live-content script has connected and heard that
 * the page is current. A save before that reaches no page: the page, once connected, hears it is
 * behind and reloads (into the error page, where the content is broken) instead of showing the
 * change where it is.
 */
async function openListening(path: string) {
  const opened = await openPage(browser)
  const listening = opened.page.waitForEvent('console', (message) => message.text() === '[kube-site] the page shows the current content.')
  await opened.page.goto(`${url}${path}`)
  await listening
  return opened
}

describe('kube-site dev', () => {
  it('shows an edited post title in the open page without a manual reload', async () => {
    const { page, context } = await openListening('blog/')
    await expect.poll(() => heading(page, 'Pod Security Admission in practice: from warn to enforce').count(), { timeout: 30_000 }).toBeGreaterThan(0)
    writeFileSync(post, readFileSync(post, 'utf8').replace(/^title: .*$/m, 'title: "Edited while the page was open"'))
    await expect.poll(() => heading(page, 'Edited while the page was open').count(), { timeout: 30_000 }).toBeGreaterThan(0)
    // The terminal's line comes through a pipe, in its own time: wait for it.
    await expect.poll(() => output, { timeout: 30_000 }).toContain('updated posts/pod-security-admission-in-practice.md')
    await context.close()
  })

  it('shows a broken frontmatter in the terminal and the browser, and clears it once fixed', async () => {
    const { page, context } = await openListening('blog/')
    await expect.poll(() => heading(page, 'Edited while the page was open').count(), { timeout: 30_000 }).toBeGreaterThan(0)
    const good = readFileSync(post, 'utf8')
    writeFileSync(post, good.replace(/^date: .*$/m, 'date: 2025-13-45'))
    const overlay = page.locator('vite-error-overlay')
    await expect.poll(() => overlay.count(), { timeout: 30_000 }).toBe(1)
    // vite's overlay renders into its shadow root. A save may be seen half written first (the file
    // truncated, then written): the overlay shows the saved file's problem once that is read.
    const overlayText = () => overlay.evaluate((element) => element.shadowRoot?.textContent ?? '')
    await expect.poll(overlayText, { timeout: 30_000 }).toContain('posts/pod-security-admission-in-practice.md:5:7 date "2025-13-45" is not a valid date (use YYYY-MM-DD)')
    await expect.poll(() => output, { timeout: 30_000 }).toContain('posts/pod-security-admission-in-practice.md:5:7 date "2025-13-45" is not a valid date')

    // A page loaded while the post is broken shows the problem too, and the server keeps running.
    // Another tab is open and listening, and hears of the fix; this page's live-reload client (vite's,
    // which the page's live-content script imports) is held back until then. Once it connects, the
    // page must still notice the fix.
    const bystander = await context.newPage()
    const bystanderListens = bystander.waitForEvent('console', (message) => message.text().includes('[vite] connected'))
    expect((await bystander.goto(`${url}blog/`))?.status()).toBe(500)
    await bystanderListens
    let releaseClient!: () => void
    const clientHeld = new Promise<void>((resolve) => (releaseClient = resolve))
    await page.route('**/@vite/client', async (route) => {
      await clientHeld
      await route.continue()
    })
    try {
      const response = await page.goto(`${url}blog/`, { waitUntil: 'commit' })
      expect(response?.status()).toBe(500)
      await expect.poll(() => page.locator('pre').textContent()).toContain('date "2025-13-45" is not a valid date')
    } finally {
      writeFileSync(post, good)
    }
    await expect.poll(() => heading(bystander, 'Edited while the page was open').count(), { timeout: 30_000 }).toBeGreaterThan(0)
    releaseClient()
    await expect.poll(() => heading(page, 'Edited while the page was open').count(), { timeout: 30_000 }).toBeGreaterThan(0)
    expect(await overlay.count()).toBe(0)
    await context.close()
  })

  it('adds a new post to the list and applies a config edit', async () => {
    const { page, context } = await openListening('blog/')
    await expect.poll(() => heading(page, 'Edited while the page was open').count(), { timeout: 30_000 }).toBeGreaterThan(0)
    writeFileSync(
      join(site, 'posts', 'brand-new.md'),
      '---\ntitle: "A brand new post"\nexcerpt: "Fresh."\nauthor: "Maya Chen"\ndate: 2030-01-01\ntags: [news]\n---\nHello.\n',
    )
    await expect.poll(() => heading(page, 'A brand new post').count(), { timeout: 30_000 }).toBeGreaterThan(0)

    await page.goto(url)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 30_000 }).toBe('Kubernetes Security, Reimagined')
    writeConfig('Edited in site.config.ts')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 30_000 }).toBe('Edited in site.config.ts')
    await context.close()
  })

  it('shows a config mistake on an HTML-only page too, and brings the page back once fixed', async () => {
    const { page, context } = await openListening('')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 30_000 }).toBe('Edited in site.config.ts')
    // The home page has no vike client runtime: vite's client alone reloads it and shows the overlay.
    writeFileSync(configFile, `${importRepoConfig}\nexport default { ...config, site: { ...config.site, url: 'not a url' } }\n`)
    const overlay = page.locator('vite-error-overlay')
    await expect.poll(() => overlay.count(), { timeout: 30_000 }).toBe(1)
    await expect.poll(() => overlay.evaluate((element) => element.shadowRoot?.textContent ?? ''), { timeout: 30_000 }).toContain('site.url')
    writeConfig('Fixed in site.config.ts')
    // The reload waits for the config to load and the page to render again: seconds on a busy machine.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 30_000 }).toBe('Fixed in site.config.ts')
    expect(await overlay.count()).toBe(0)
    await context.close()
  })

  it('follows a file the config starts importing once the server runs', async () => {
    // The server watches the site's inputs, not the folders around them (watchedPaths.ts): a
    // file the config did not import at start, in a folder nothing watches, must be watched as soon as it does.
    mkdirSync(join(site, 'copy'))
    const heroFile = join(site, 'copy', 'hero.ts')
    writeFileSync(heroFile, `export const title = 'From hero.ts'\n`)
    const { page, context } = await openListening('')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 30_000 }).toBe('Fixed in site.config.ts')
    writeFileSync(configFile, `${importRepoConfig}\nimport { title } from './copy/hero.ts'\nexport default { ...config, hero: { ...config.hero, title } }\n`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 30_000 }).toBe('From hero.ts')
    writeFileSync(heroFile, `export const title = 'Edited in hero.ts'\n`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 30_000 }).toBe('Edited in hero.ts')
    await context.close()
  })
  it("answers a post's old URL with a redirect to it, and follows the post's redirectFrom as it changes", async () => {
    const permalink = `${url}blog/pod-security-admission-in-practice/`
    const redirectOf = async (path: string) => {
      const response = await fetch(`${url}${path}`, { redirect: 'manual', headers: { accept: 'text/html' } })
      return response.status === 301 ? new URL(response.headers.get('location')!, url).href : response.status
    }
    expect(await redirectOf('blog/psa-old/')).not.toBe(permalink)
    const good = readFileSync(post, 'utf8')
    try {
      writeFileSync(post, good.replace(/\n---\n/, '\nredirectFrom: /blog/psa-old\n---\n'))
      await expect.poll(() => redirectOf('blog/psa-old/'), { timeout: 30_000 }).toBe(permalink)
      expect(await redirectOf('blog/psa-old?q=1')).toBe(`${permalink}?q=1`)
      const { page, context } = await openPage(browser)
      await page.goto(`${url}blog/psa-old/?q=1#what-to-check`)
      await page.waitForURL(`${permalink}?q=1#what-to-check`)
      await context.close()
    } finally {
      writeFileSync(post, good)
    }
    await expect.poll(() => redirectOf('blog/psa-old/'), { timeout: 30_000 }).not.toBe(permalink)
  })

  it("serves a tag's and an author's pages, and follows a post's tags as they change", async () => {
    const { page, context } = await openPage(browser)
    const tagged = join(site, 'posts', 'inside-a-read-only-ai-risk-assessment.md')
    const postTitle = 'Inside a read-only AI risk assessment'
    const tagPage = (tag: string) => `${url}blog/tags/${tag}/`
    const title = (tab: Page) => tab.getByRole('heading', { level: 1 }).textContent()
    const cardTitles = (tab: Page) => tab.locator('main article h2').allTextContents()
    /** The next load of `address` in `tab` (a reload vite asks for), as its response. */
    const nextLoad = (tab: Page, address: string) => tab.waitForResponse((response) => response.url() === address && response.request().resourceType() === 'document')
    // vite's client must be listening before a file changes, so the page hears of the change as it is applied.
    const connected = (tab: Page) => tab.waitForEvent('console', (message) => message.text().includes('[vite] connected'))
    const listening = connected(page)
    await page.goto(`${url}blog/authors/priya-raman/`)
    await listening
    await hydrated(page)
    expect(await title(page)).toBe('Priya Raman')
    expect(await cardTitles(page)).toContain(postTitle)
    // A badge opens its tag's list in place, from the dev server's pages as from a build's.
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'))
    await page.locator('main article').filter({ hasText: postTitle }).getByRole('link', { name: 'remediation' }).click()
    await page.waitForURL(tagPage('remediation'))
    await expect.poll(() => title(page)).toBe('remediation')
    expect(await cardTitles(page)).toEqual([postTitle])
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document')

    const good = readFileSync(tagged, 'utf8')
    try {
      // The tag is renamed: the open tag page reloads as not found, and the new tag has its page.
      const reloaded = nextLoad(page, tagPage('remediation'))
      const listensAgain = connected(page)
      writeFileSync(tagged, good.replace(/^tags: .*$/m, 'tags: [risk-assessment, ai-agents, remediation-playbooks]'))
      expect((await reloaded).status()).toBe(404)
      await expect.poll(() => title(page)).toBe('404')
      await listensAgain
      const renamed = await context.newPage()
      const renamedListens = connected(renamed)
      expect((await renamed.goto(tagPage('remediation-playbooks')))?.status()).toBe(200)
      await renamedListens
      await hydrated(renamed)
      expect(await title(renamed)).toBe('remediation-playbooks')
      expect(await cardTitles(renamed)).toEqual([postTitle])

      // And back: each open page follows by itself.
      const back = nextLoad(page, tagPage('remediation'))
      const gone = nextLoad(renamed, tagPage('remediation-playbooks'))
      writeFileSync(tagged, good)
      expect((await back).status()).toBe(200)
      expect((await gone).status()).toBe(404)
      await expect.poll(() => title(page)).toBe('remediation')
      await expect.poll(() => title(renamed)).toBe('404')
    } finally {
      if (readFileSync(tagged, 'utf8') !== good) writeFileSync(tagged, good)
    }
    await context.close()
  })

  it("gives a post's body component the body its page holds, as a build does (blog.test.ts)", async () => {
    const { page, context } = await openPage(browser)
    expect((await page.goto(`${url}blog/auditing-kubernetes-rbac-without-breaking-deploys/`))?.status()).toBe(200)
    await hydrated(page)
    const { given, served } = await postBodies(page)
    expect(served).toContain('What "risky" means in RBAC')
    expect(given).toBe(served)
    await context.close()
  })

  it('shows a folder post with the image beside it, and reloads when the image is saved again', async () => {
    const folder = join(site, 'posts', 'with-a-screenshot')
    const image = join(folder, 'panel.png')
    mkdirSync(folder, { recursive: true })
    writeFileSync(image, await makeScreenshot({ width: 800, height: 500, seed: 1 }))
    const address = `${url}blog/with-a-screenshot/`
    try {
      writeFileSync(
        join(folder, 'index.md'),
        '---\ntitle: "A post with a screenshot"\nexcerpt: "One image beside it."\nauthor: "Maya Chen"\ndate: 2025-06-01\ntags: [product]\n---\n\nThe panel:\n\n![The summary panel](./panel.png)\n',
      )
      await expect.poll(() => output, { timeout: 30_000 }).toContain('posts/with-a-screenshot/index.md')
      const { page, context } = await openPage(browser)
      const listening = page.waitForEvent('console', (message) => message.text().includes('[vite] connected'))
      expect((await page.goto(address))?.status()).toBe(200)
      await listening
      const img = page.getByRole('img', { name: 'The summary panel' })
      // Loaded, from the file beside the post (its natural width is scaled by the srcset's 800w, so only whether it loaded is asked).
      const shown = () => img.evaluate((element: HTMLImageElement) => ({ loaded: element.complete && element.naturalWidth > 0, src: element.currentSrc }))
      await expect.poll(async () => (await shown()).loaded).toBe(true)
      const before = (await shown()).src
      expect(before).toContain('/@kube-site/posts/with-a-screenshot/panel.png?v=')
      expect(await img.getAttribute('width')).toBe('800')

      // The image is exported again, wider: the page reloads by itself and shows the new one.
      const reloaded = page.waitForResponse((response) => response.url() === address && response.request().resourceType() === 'document')
      writeFileSync(image, await makeScreenshot({ width: 900, height: 500, seed: 2 }))
      await reloaded
      await expect.poll(() => img.getAttribute('width'), { timeout: 30_000 }).toBe('900')
      await expect.poll(async () => (await shown()).loaded).toBe(true)
      expect((await shown()).src).not.toBe(before)
      await context.close()

      // The post removed, then its image: the post goes, and the terminal says so and nothing else.
      const said = output.length
      rmSync(join(folder, 'index.md'))
      await expect.poll(() => output.slice(said), { timeout: 30_000 }).toContain('removed posts/with-a-screenshot/index.md')
      rmSync(image)
      await expect.poll(() => output.slice(said), { timeout: 30_000 }).toContain('removed posts/with-a-screenshot/panel.png')
      expect(output.slice(said)).not.toMatch(/error|✗/)
      expect((await fetch(address)).status).toBe(404)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it("serves every page under the policy the build gives it, with only what vite's client needs added: 0 violations", async () => {
    const remote = join(site, 'posts', 'with-a-remote-image.md')
    writeFileSync(remote, '---\ntitle: "A post with a remote image"\nexcerpt: "Hosted elsewhere."\nauthor: "Maya Chen"\ndate: 2031-01-01\ntags: [product]\n---\n\n![A chart](https://shots.example.com/chart.png)\n')
    try {
      await expect.poll(() => output, { timeout: 30_000 }).toContain('posts/with-a-remote-image.md')
      for (const path of ['', 'pricing/', 'privacy-policy/', 'blog/', 'blog/with-a-remote-image/', 'blog/tags/product/', 'no-such-page/']) {
        const { page, context, errors } = await openPage(browser)
        await context.addInitScript(() => {
          const seen: string[] = ((window as unknown as { violations: string[] }).violations = [])
          document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`))
        })
        // vite's client connects over its websocket, under the page's connect-src.
        const listening = page.waitForEvent('console', (message) => message.text().includes('[vite] connected'))
        const response = await page.goto(`${url}${path}`)
        expect(response?.status(), path).toBe(path.startsWith('no-such') ? 404 : 200)
        await listening
        if (!path.startsWith('no-such')) await hydrated(page)
        const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')
        // Styles inline only in dev, where vite inserts them; scripts never.
        expect(policy, path).toMatch(/style-src 'self' 'unsafe-inline';/)
        expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-/)
        if (path.includes('remote')) expect(policy).toMatch(/img-src 'self' data: https:\/\/shots\.example\.com;/)
        if (path === 'blog/') {
          // A post opened in place runs under the list's policy.
          await page.getByRole('link', { name: 'A post with a remote image' }).first().click()
          await page.waitForURL(`${url}blog/with-a-remote-image/`)
          await expect.poll(() => page.getByRole('img', { name: 'A chart' }).count()).toBe(1)
        }
        expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations), path).toEqual([])
        expect(errors.filter((error) => /Content.Security.Policy/i.test(error)), path).toEqual([])
        await context.close()
      }
    } finally {
      // The server reloads every open page once it has read the removal, in the same turn as it
      // drops the post: wait for the post's page to be gone, so the next test's page is not
      // reloaded under it. (Its own line is no sign: the post's creation may print the same
      // line twice, the second after this test saw the first.)
      rmSync(remote, { force: true })
      await expect.poll(async () => (await fetch(`${url}blog/with-a-remote-image/`)).status, { timeout: 30_000 }).toBe(404)
    }
  })

  it('styles a post with every stylesheet its server render imported, each served as CSS', async () => {
    const postUrl = `${url}blog/pod-security-admission-in-practice/`
    // The stylesheets the server's HTML links (vike swaps them for the styles its client inserts
    // once the page has hydrated).
    const html = await (await fetch(postUrl)).text()
    const linked = [...html.matchAll(/<link rel="stylesheet"[^>]*? href="([^"]+\?direct)"/g)].map((match) => new URL(match[1]!, url).href)
    expect(linked.length).toBeGreaterThan(10)
    const { page, context, errors } = await openPage(browser)
    const stylesheets = new Map<string, { status: number; type: string | undefined; rules: boolean }>()
    page.on('response', async (response) => {
      if (!response.url().includes('?direct')) return
      const text = response.status() === 200 ? await response.text() : ''
      stylesheets.set(response.url(), { status: response.status(), type: response.headers()['content-type'], rules: /\{[^}]+\}/.test(text) })
    })
    await page.goto(postUrl, { waitUntil: 'load' })
    // Each answered as CSS with rules in it (or, after a reload, as not modified since).
    await expect.poll(() => linked.filter((href) => !stylesheets.has(href))).toEqual([])
    for (const href of linked) expect(stylesheets.get(href), href).toMatchObject(stylesheets.get(href)!.status === 304 ? { status: 304 } : { status: 200, type: 'text/css', rules: true })
    // The page laid out by them: the header fixed at the top.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.querySelector('header')!).position).catch(() => undefined)).toBe('fixed')
    expect(errors).toEqual([])
    await context.close()
  })

  it('loads a page opened after a save once, and reloads it once the next save is applied', async () => {
    const good = readFileSync(post, 'utf8')
    const saveTitle = (title: string) => writeFileSync(post, good.replace(/^title: .*$/m, `title: "${title}"`))
    const postUrl = `${url}blog/pod-security-admission-in-practice/`
    const served = (text: string) => expect.poll(async () => (await (await fetch(postUrl)).text()).includes(text), { timeout: 30_000 }).toBe(true)
    try {
      // Saved while no page is open, and applied.
      saveTitle('Saved with no page open')
      await served('Saved with no page open')
      const { page, context, errors } = await openPage(browser)
      // The content's version each load of the page was rendered from, in its live-content script's address.
      const versions: number[] = []
      page.on('request', (request) => {
        const version = /\/@kube-site\/live-content\.js\?content=(\d+)$/.exec(request.url())?.[1]
        if (version !== undefined) versions.push(Number(version))
      })
      const decisions: string[] = []
      page.on('console', (message) => message.text().startsWith('[kube-site]') && decisions.push(message.text()))
      await page.goto(postUrl)
      await expect.poll(() => decisions, { timeout: 30_000 }).toEqual(['[kube-site] the page shows the current content.'])
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Saved with no page open')
      // The next save reloads it: its first reload is rendered from the newer content (a page
      // reloaded again from the same content was reloaded for nothing), and then it stays.
      saveTitle('Saved with the page open')
      await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Saved with the page open' }).count(), { timeout: 30_000 }).toBe(1)
      await expect.poll(() => decisions.at(-1), { timeout: 30_000 }).toBe('[kube-site] the page shows the current content.')
      expect(versions.length).toBeGreaterThanOrEqual(2)
      expect(versions.every((version, index) => index === 0 || version > versions[index - 1]!), versions.join(', ')).toBe(true)
      expect(errors).toEqual([])
      await context.close()
    } finally {
      writeFileSync(post, good)
      await served(/^title: "(.*)"$/m.exec(good)![1]!)
    }
  })

  it('says plainly on the search page that search works on a built site, and asks for no index', async () => {
    const { page, context, errors, requests } = await openPage(browser)
    await page.goto(`${url}blog/search/?q=kubernetes`)
    await hydrated(page)
    await expect.poll(() => page.locator('main').textContent()).toContain('Search works on a built site: run kube-site build, then kube-site preview.')
    await page.getByRole('link', { name: 'Blog', exact: true }).first().click()
    await page.waitForURL(`${url}blog/`)
    await page.getByRole('combobox', { name: 'Search the blog' }).fill('kubernetes')
    expect(requests.filter((request) => /\/assets\/search\/|shards\.json/.test(request))).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it("serves the feeds, sitemap, llms.txt and each published post's markdown twin as a build writes them, and follows a save", async () => {
    const get = async (path: string) => {
      const response = await fetch(`${url}${path}`)
      return { status: response.status, type: response.headers.get('content-type'), text: await response.text() }
    }
    const slug = 'pod-security-admission-in-practice'
    const title = /^title: "(.*)"$/m.exec(readFileSync(post, 'utf8'))![1]!
    const twin = await get(`blog/${slug}/index.md`)
    expect([twin.status, twin.type]).toEqual([200, 'text/markdown; charset=utf-8'])
    expect(twin.text).toMatch(new RegExp(`^# ${title}\n\nBy .* · <https://kubeguard\.dev/blog/${slug}/>\n\n`))
    expect((await get('llms.txt')).text).toContain(`- [${title}](https://kubeguard.dev/blog/${slug}/index.md): `)
    const rss = await get('blog/rss.xml')
    expect([rss.status, rss.type]).toEqual([200, 'application/xml; charset=utf-8'])
    expect(rss.text).toContain(`<link>https://kubeguard.dev/blog/${slug}/</link>`)
    expect((await get('sitemap.xml')).text).toContain(`<loc>https://kubeguard.dev/blog/${slug}/</loc>`)
    expect((await get('blog/no-such-post/index.md')).status).toBe(404)
    // A file the site does not have is vike's redirect to the folder (its 404 page), never an error of the policy.
    expect((await fetch(`${url}nothing.xml`, { redirect: 'manual' })).status).toBe(301)

    // A save shows there as in the pages.
    writeFileSync(post, readFileSync(post, 'utf8').replace(/^title: .*$/m, 'title: "Saved for the agents"'))
    await expect.poll(async () => (await get(`blog/${slug}/index.md`)).text, { timeout: 30_000 }).toMatch(/^# Saved for the agents\n/)
    expect((await get('llms.txt')).text).toContain(`- [Saved for the agents](https://kubeguard.dev/blog/${slug}/index.md): `)
    expect((await get('blog/rss.xml')).text).toContain('<title>Saved for the agents</title>')
  })
})
