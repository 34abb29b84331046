import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { useServedSite } from '../support/browser.ts'
import { hydrated } from '../support/pageHelpers.ts'
import { ENGLISH, ISLAND_KEYS, isIslandKey } from '../../pages/_lib/text/uiCatalogs.ts'

// The marketing pages are HTML-only (pages/+config.ts): React renders them at build time and
// only their islands (pages/_islands/) hydrate in the browser. The blog is hydrated whole by
// vike and routed in the browser. These tests hold both halves to that, and the moves between.

const site = useServedSite()
const dist = () => inject('siteDist')

const HTML_ONLY = [
  ['/', 'index.html'],
  ['/pricing/', 'pricing/index.html'],
  ['/privacy-policy/', 'privacy-policy/index.html'],
  ['/terms-of-service/', 'terms-of-service/index.html'],
  ['/no/such/page/', '404.html'],
] as const

/** The islands of the page, each with whether it has hydrated. */
const islands = (page: Page) =>
  page.locator('kube-island').evaluateAll((elements) => elements.map((element) => `${element.getAttribute('data-name')}${element.hasAttribute('data-hydrated') ? '' : ' (static)'}`))

const themeOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme)

/** For each theme-aware image pair on the page: which of its two images shows. */
const shownThemedImages = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('img.themed--light, img.themed--dark')]
      .filter((image) => getComputedStyle(image).display !== 'none')
      .map((image) => (image.classList.contains('themed--light') ? 'light' : 'dark')),
  )

describe('an HTML-only page', () => {
  it.each(HTML_ONLY)('%s loads no vike runtime, no page context and no page code', async (path, file) => {
    const html = readFileSync(join(dist(), file), 'utf8')
    expect(html).not.toContain('vike_pageContext')
    expect(html).not.toContain('vike_globalContext')
    expect(existsSync(join(dist(), file.replace(/index\.html$|404\.html$/, 'index.pageContext.json')))).toBe(false)
    // One script: the page's +client.ts, which reveals sections and schedules the islands.
    expect([...html.matchAll(/<script[^>]* src="([^"]+)"/g)].map((match) => match[1])).toEqual([expect.stringMatching(/_client\.[\w-]+\.js$/)])

    const { page, requests, errors, messages, context } = await site.open()
    await page.goto(site.url + path.slice(1))
    await hydrated(page)
    const scripts = requests.filter((url) => /\.m?js$/.test(new URL(url).pathname))
    expect(scripts.some((url) => /entry-client-routing|entry-server-routing/.test(url))).toBe(false)
    expect(requests.some((url) => url.endsWith('.pageContext.json'))).toBe(false)
    // Nor the interface strings of other pages than the islands' (the blog's, the search's): each long enough to be no word of the code, and no island's too.
    const islandTemplates = new Set<string>(ISLAND_KEYS.map((key) => ENGLISH[key]))
    const notIslands = Object.entries(ENGLISH).filter(([key, template]) => !isIslandKey(key) && !islandTemplates.has(template) && /^[\w ,.!:{}#]{16,}$/.test(template))
    expect(notIslands.length).toBeGreaterThan(10)
    for (const url of scripts) {
      const code = await page.request.get(url).then((response) => response.text())
      expect(code, url).not.toMatch(/vike_pageContext|getPageContext/)
      expect(notIslands.filter(([, template]) => code.includes(template)), url).toEqual([])
    }
    // Hydrating the islands warns of no mismatch (React logs those as errors in production too).
    expect(messages.filter((message) => /^(warning|error): .*(hydrat|did not match)/i.test(message))).toEqual([])
    expect(errors.filter((error) => !/404 Error|Failed to load resource/.test(error))).toEqual([])
    await context.close()
  })

  it('hydrates the header islands when the browser is idle, and the others when they near the viewport', async () => {
    const { page, context } = await site.open({ viewport: { width: 390, height: 844 } })
    await page.goto(site.url)
    await hydrated(page)
    // At phone size the carousel, the copy button and the footer are more than half a screen down.
    expect(await islands(page)).toEqual(['PlatformMenu', 'ThemeToggle', 'MobileMenu', 'Carousel (static)', 'CopyButton (static)', 'SocialLinks (static)'])
    // Each wakes as the visitor scrolls near it (a jump straight past one leaves it static).
    await page.locator('#security-assessment').scrollIntoViewIfNeeded()
    await expect.poll(() => islands(page)).toContain('Carousel')
    await page.locator('#get-started').scrollIntoViewIfNeeded()
    await expect.poll(() => islands(page)).toContain('CopyButton')
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }))
    await expect.poll(() => islands(page)).toEqual(['PlatformMenu', 'ThemeToggle', 'MobileMenu', 'Carousel', 'CopyButton', 'SocialLinks'])
    await context.close()
  })

  it('wakes an island at its first touch, before the browser is idle', async () => {
    const { page, context } = await site.open({ viewport: { width: 390, height: 844 } })
    await page.goto(site.url)
    await page.locator('footer').scrollIntoViewIfNeeded()
    await page.locator('kube-island[data-name="SocialLinks"] a').first().hover()
    await expect.poll(() => page.locator('kube-island[data-name="SocialLinks"]').getAttribute('data-hydrated')).toBe('')
    await context.close()
  })

  it('switches every theme-aware image on the page with the theme toggle island', async () => {
    const { page, context } = await site.open()
    await page.goto(site.url)
    await hydrated(page)
    const pairs = (await shownThemedImages(page)).length
    expect(pairs).toBeGreaterThan(5)
    expect(await shownThemedImages(page)).toEqual(Array(pairs).fill('dark'))
    await page.getByRole('button', { name: 'Dark theme' }).click()
    await expect.poll(() => shownThemedImages(page)).toEqual(Array(pairs).fill('light'))
    await page.getByRole('button', { name: 'Dark theme' }).click()
    await expect.poll(() => shownThemedImages(page)).toEqual(Array(pairs).fill('dark'))
    await context.close()
  })

  it('keeps the theme chosen on one kind of page on the other', async () => {
    const { page, context } = await site.open()
    await page.goto(site.url)
    await hydrated(page)
    await page.getByRole('button', { name: 'Dark theme' }).click()
    await expect.poll(() => themeOf(page)).toBe('light')
    await page.getByRole('banner').getByRole('link', { name: 'Blog' }).click()
    await page.waitForURL(`${site.url}blog/`)
    await hydrated(page)
    expect(await themeOf(page)).toBe('light')
    await page.getByRole('button', { name: 'Dark theme' }).click()
    await expect.poll(() => themeOf(page)).toBe('dark')
    await page.getByRole('link', { name: 'Pricing' }).first().click()
    await page.waitForURL(`${site.url}#pricing`)
    await hydrated(page)
    expect(await themeOf(page)).toBe('dark')
    await context.close()
  })
})

describe('moving between the HTML-only pages and the blog', () => {
  it('home → blog → a post in place → back → home, and forward again, with the browser buttons', async () => {
    const { page, errors, context } = await site.open()
    await page.goto(site.url)
    await hydrated(page)
    const mark = (value: string) => page.evaluate((value) => ((window as unknown as { marker: string }).marker = value), value)
    const marker = () => page.evaluate(() => (window as unknown as { marker?: string }).marker)
    await mark('home')

    // To the blog: a normal page load (the home page has no client router).
    await page.getByRole('banner').getByRole('link', { name: 'Blog' }).click()
    await page.waitForURL(`${site.url}blog/`)
    await hydrated(page)
    expect(await marker()).toBeUndefined()
    await mark('blog')

    // A post opens in place: same document.
    const card = page.locator('main article').first()
    const title = (await card.getByRole('heading').textContent())!
    await card.getByRole('heading').click()
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title)
    expect(page.url()).toMatch(/\/blog\/[\w-]+\/$/)
    expect(await marker()).toBe('blog')

    // Back to the list, in place; back again to the home page, a full load.
    await page.goBack()
    await page.waitForURL(`${site.url}blog/`)
    await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(1)
    expect(await marker()).toBe('blog')
    await page.goBack()
    await page.waitForURL(site.url)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Kubernetes Security, Reimagined')
    await hydrated(page)

    // Forward to the blog and to the post.
    await page.goForward()
    await page.waitForURL(`${site.url}blog/`)
    await hydrated(page)
    await page.goForward()
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title)
    expect(errors).toEqual([])
    await context.close()
  })

  it('fetches each page its stylesheets once: hydrating islands and moving in place add only what the page lacks', async () => {
    const stylesheets = (requests: string[]) => requests.filter((url) => new URL(url).pathname.endsWith('.css')).map((url) => new URL(url).pathname)
    const named = (page: Page) => page.locator('link[rel=stylesheet][type="text/x-kube-site-combined"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname))

    const home = await site.open({ viewport: { width: 390, height: 844 } })
    await home.page.goto(site.url)
    await hydrated(home.page)
    for (const section of ['#security-assessment', '#get-started', 'footer']) await home.page.locator(section).scrollIntoViewIfNeeded()
    await expect.poll(() => islands(home.page)).toEqual(['PlatformMenu', 'ThemeToggle', 'MobileMenu', 'Carousel', 'CopyButton', 'SocialLinks'])
    // The islands' own stylesheets are in the page's one file already.
    expect(stylesheets(home.requests)).toEqual([expect.stringMatching(/\/page\.[\w-]+\.css$/)])
    await home.context.close()

    // The post as a fresh load styles its heading so.
    const direct = await site.open()
    await direct.page.goto(`${site.url}blog/`)
    const postUrl = await direct.page.locator('main article h2 a').first().getAttribute('href')
    await direct.page.goto(new URL(postUrl!, site.url).href)
    await hydrated(direct.page)
    const headingStyle = (page: Page) => page.getByRole('heading', { level: 1 }).evaluate((heading) => [getComputedStyle(heading).fontSize, getComputedStyle(heading).fontWeight, getComputedStyle(heading).marginBottom].join(' '))
    const directStyle = await headingStyle(direct.page)
    await direct.context.close()

    const { page, requests, context } = await site.open()
    await page.goto(`${site.url}blog/`)
    await hydrated(page)
    const listSheets = stylesheets(requests)
    expect(listSheets).toEqual([expect.stringMatching(/\/page\.[\w-]+\.css$/)])
    const inList = await named(page)
    await page.locator('main article h2 a').first().click()
    await expect.poll(() => page.url()).toBe(new URL(postUrl!, site.url).href)
    await expect.poll(() => headingStyle(page)).toBe(directStyle)
    // In place, the post brings its own stylesheets, and none that the list's file holds.
    const added = stylesheets(requests).slice(listSheets.length)
    expect(added.length).toBeGreaterThan(0)
    for (const sheet of added) expect(inList).not.toContain(sheet)
    await context.close()
  })

  it('leaves the blog for the home page with a normal page load', async () => {
    const { page, context } = await site.open()
    await page.goto(`${site.url}blog/`)
    await hydrated(page)
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'blog'))
    await page.getByRole('banner').getByRole('link', { name: 'Architecture' }).click()
    await page.waitForURL(`${site.url}#architecture`)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Kubernetes Security, Reimagined')
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined()
    await context.close()
  })
})
