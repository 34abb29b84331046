import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import type { BrowserContextOptions } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { themeStorageKey } from '../../pages/_lib/browser/theme.ts'
import { launchBrowser, openPage, serveSite, useServedSite } from '../support/browser.ts'
import { hydrated, revealAll } from '../support/pageHelpers.ts'
import type { StaticServer } from '../../cli/preview/createStaticServer.ts'
import { uiTemplates } from '../../pages/_lib/text/uiStrings.ts'

// Every page runs under the policy the build derived for it (cli/security/): in chromium, served as
// deployed, with what a visitor does on it, not one securitypolicyviolation event; and a page or an
// asset tampered with after the build is refused by the browser.

const site = useServedSite()
const THEME_KEY = themeStorageKey('KubeGuard')

/** The HTML pages of the built site, as URL paths ('blog/page/2/'), redirect pages left out. */
function builtPages(): string[] {
  const dist = inject('siteDist')
  const pages: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.html') && !readFileSync(path, 'utf8').includes('http-equiv="refresh"')) pages.push(relative(dist, path).replace(/index\.html$/, ''))
    }
  }
  walk(dist)
  return pages.sort()
}

/** A page whose policy violations are recorded from the first byte, in `theme`. */
async function watched(open: (options?: BrowserContextOptions) => ReturnType<typeof site.open>, theme: 'dark' | 'light' = 'dark') {
  const opened = await open()
  await opened.context.addInitScript(
    ([key, value]) => {
      localStorage.setItem(key, value)
      const seen: string[] = ((window as unknown as { violations: string[] }).violations = [])
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`))
    },
    [THEME_KEY, theme] as const,
  )
  const violations = () => opened.page.evaluate(() => (window as unknown as { violations: string[] }).violations)
  const policyErrors = () => opened.errors.filter((error) => /Content Security Policy|Content-Security-Policy/i.test(error))
  return { ...opened, violations, policyErrors }
}

describe('the Content-Security-Policy of every page', () => {
  // Each page in a context of its own, a few at a time: the time goes in waiting for the page (its
  // hydration, its reveals), which pages in other contexts can spend rendering. Each page opens in
  // the theme stored, one page dark, the next light, and is switched to the other: every page runs
  // under its policy in both themes, and each theme paints first, from storage, on half of them.
  it.concurrent.for(builtPages().map((path, n) => [path, n % 2 === 0 ? 'dark' : 'light'] as const))('/%s (%s theme): loaded, scrolled through and its theme switched, 0 violations', async ([path, theme], { expect }) => {
    const { page, context, violations, policyErrors } = await watched(site.open, theme)
    await page.goto(site.url + path)
    await hydrated(page)
    if (!path.endsWith('.html')) await revealAll(page)
    // The theme toggle, named in the page's language (a German page's: 'Dunkles Design').
    const language = await page.evaluate(() => document.documentElement.lang)
    await page.getByRole('button', { name: uiTemplates(language).darkTheme, exact: true }).first().click()
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme === 'dark' ? 'light' : 'dark')
    expect(await violations()).toEqual([])
    expect(policyErrors()).toEqual([])
    await context.close()
  })

  it('home: the menus, the carousel, the copy button and the video controls, 0 violations', async () => {
    const { page, context, violations, policyErrors } = await watched((options) => site.open({ ...options, permissions: ['clipboard-read', 'clipboard-write'] }))
    await page.goto(site.url)
    await hydrated(page)
    await page.getByRole('button', { name: 'Platform' }).first().click()
    await expect.poll(() => page.getByRole('link', { name: /Risk Assessment/ }).first().isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    // The carousel is an island that wakes near the viewport.
    await page.locator('#security-assessment').scrollIntoViewIfNeeded()
    await expect.poll(() => page.getByRole('button', { name: 'Next slide' }).isEnabled()).toBe(true)
    await page.getByRole('button', { name: 'Next slide' }).click()
    await page.getByRole('button', { name: 'Previous slide' }).click()
    await page.getByRole('button', { name: 'Copy install command' }).click()
    await page.locator('video').first().evaluate((video: HTMLVideoElement) => void video.play().catch(() => undefined))
    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('button', { name: 'Close menu' }).click()
    expect(await violations()).toEqual([])
    expect(policyErrors()).toEqual([])
    await context.close()
  })

  it("a legal page: the PDF viewer's pages and zoom, 0 violations", async () => {
    const { page, context, violations, policyErrors } = await watched(site.open)
    await page.goto(`${site.url}privacy-policy/`)
    // The document loaded: its page count is known ('Page 1 of –' while it loads).
    await expect.poll(() => page.getByText(/^Page \d+ of \d+$/).textContent(), { timeout: 15_000 }).toMatch(/^Page 1 of \d+$/)
    await expect.poll(() => page.getByRole('button', { name: 'Next page' }).isEnabled(), { timeout: 15_000 }).toBe(true)
    await page.getByRole('button', { name: 'Next page' }).click()
    await page.getByRole('button', { name: 'Zoom in' }).click()
    await page.getByRole('button', { name: 'Zoom out' }).click()
    await expect.poll(() => page.locator('canvas').count()).toBeGreaterThan(0)
    expect(await violations()).toEqual([])
    expect(policyErrors()).toEqual([])
    await context.close()
  })

  it('the blog: pages, a post opened in place and back, a tag and an author, under the policy of the page landed on, 0 violations', async () => {
    const { page, context, violations, policyErrors } = await watched(site.open)
    await page.goto(`${site.url}blog/`)
    await hydrated(page)
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')
    await page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: '2', exact: true }).click()
    await page.waitForURL(/\/blog\/page\/2\/$/)
    // The whole card is the link: click its image.
    await page.locator('main article').first().click({ position: { x: 60, y: 60 } })
    await expect.poll(() => page.getByRole('link', { name: 'Back to Blog' }).count()).toBeGreaterThan(0)
    await page.getByRole('link', { name: 'Back to Blog' }).first().click()
    await page.waitForURL(/\/blog\/page\/2\/$/)
    await page.locator('a[href*="/blog/tags/"]').first().click()
    await page.waitForURL(/\/blog\/tags\//)
    await page.locator('a[href*="/blog/authors/"]').first().click()
    await page.waitForURL(/\/blog\/authors\//)
    // Moved in place all along: still the document, and the policy, of the page landed on.
    await expect(page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).resolves.toBe(policy)
    expect(await violations()).toEqual([])
    expect(policyErrors()).toEqual([])
    await context.close()
  })
})

describe('a site tampered with after the build', () => {
  let dir: string
  let server: StaticServer
  let browser: Awaited<ReturnType<typeof launchBrowser>>
  let post: string
  let entry: string

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kube-site-tampered-'))
    cpSync(inject('siteDist'), dir, { recursive: true })
    // A post's page with an inline script, an onerror handler and a javascript: link injected
    // (outside the app's root, which hydration would make again without them).
    post = readdirSync(join(dir, 'blog'), { withFileTypes: true }).find((entry) => entry.isDirectory() && !['page', 'tags', 'authors'].includes(entry.name))!.name
    const postFile = join(dir, 'blog', post, 'index.html')
    const injected = '<script>window.ranInline = true</script><img src="/no-such.png" onerror="window.ranHandler = true" alt=""><a id="tampered" href="javascript:window.ranLink = true">x</a>'
    const original = readFileSync(postFile, 'utf8')
    expect(original).toContain('</body>')
    writeFileSync(postFile, original.replace('</body>', `${injected}</body>`))
    // The client entry of the HTML-only pages, changed after the build: its integrity no longer matches.
    const home = readFileSync(join(dir, 'index.html'), 'utf8')
    entry = /<script[^>]*src="\/(assets\/entries\/pages_index_client[^"]+)"/.exec(home)![1]!
    writeFileSync(join(dir, entry), `window.ranTampered = true;\n${readFileSync(join(dir, entry), 'utf8')}`)
    server = await serveSite(dir)
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.cleanup()
    await server?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('runs none of the script injected into a page: the inline script, the handler and the javascript: link are blocked', async () => {
    const { page, context, errors } = await openPage(browser)
    await page.goto(`${server.url}blog/${post}/`)
    await hydrated(page)
    await page.locator('#tampered').click()
    const ran = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>
      return [w.ranInline, w.ranHandler, w.ranLink]
    })
    expect(ran).toEqual([undefined, undefined, undefined])
    expect(errors.filter((error) => /Content Security Policy/.test(error)).length).toBeGreaterThanOrEqual(3)
    await context.close()
  })

  it('refuses an asset whose bytes changed (integrity): the page stays complete without it', async () => {
    const { page, context, errors } = await openPage(browser)
    await page.goto(server.url)
    await expect.poll(() => errors.some((error) => error.includes('integrity') && error.includes(entry.split('/').pop()!))).toBe(true)
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).ranTampered)).toBeUndefined()
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Kubernetes Security, Reimagined')
    await context.close()
  })
})
