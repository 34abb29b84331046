import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { StaticServer } from '../../cli/preview/createStaticServer.ts'
import { themeStorageKey } from '../../pages/_lib/browser/theme.ts'
import { seriousViolations } from '../support/axe.ts'
import { launchBrowser, openPage, serveSite, sharedLoads, type OpenedPage } from '../support/browser.ts'
import { buildSite } from '../support/buildSite.ts'
import { hydrated, transitionsEnded } from '../support/pageHelpers.ts'
import { uiTemplates } from '../../pages/_lib/text/uiStrings.ts'

let server: StaticServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let dist: string

beforeAll(async () => {
  dist = inject('siteDist')
  server = await serveSite(dist)
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.cleanup()
  await server?.close()
})

const documents = [
  { path: 'privacy-policy/', title: 'Privacy Policy', pdf: 'uploads/privacy-policy.pdf', pages: 7 },
  { path: 'terms-of-service/', title: 'Terms of Service', pdf: 'uploads/terms-of-service.pdf', pages: 7 },
]
const [privacy] = documents as [(typeof documents)[number]]

const indicator = (page: Page) => page.getByText(/^Page \d+ of \d+$/)
const zoomReadout = (page: Page) => page.getByText(/^Zoom \d+%$/)
const canvas = (page: Page) => page.locator('canvas')
const canvasWidth = (page: Page) => canvas(page).evaluate((element) => element.getBoundingClientRect().width)

/** Opens a legal page and waits until its first page is drawn. */
async function openLoaded(path = privacy.path, options = {}): Promise<OpenedPage> {
  const opened = await openPage(browser, options)
  await opened.page.goto(server.url + path)
  await hydrated(opened.page)
  await expect.poll(() => indicator(opened.page).textContent()).toMatch(/^Page 1 of \d+$/)
  await canvas(opened.page).waitFor()
  return opened
}

/**
 * One load of a legal page, its first page drawn, shared by the tests that only read it (its links,
 * its page area, the requests it made): a load of the PDF viewer is pdf.js and its worker parsed and a
 * page drawn. A test that turns pages, zooms or opens the page in other ways loads its own
 * (tests/README.md).
 */
const sharedLoad = sharedLoads((path: string) => openLoaded(path))
const sharedLoaded = (path = privacy.path) => sharedLoad(path)

/** A route handler that holds requests until release() is called. */
function gate() {
  let release!: () => void
  const opened = new Promise<void>((resolve) => (release = resolve))
  return { release, handler: async (route: Route) => (await opened, route.continue()) }
}

describe.each(documents.map((document) => [document.path, document] as const))('/%s', (_path, { path, title, pdf, pages }) => {
  it(`shows 'Loading ${title}...', then the page count, the first page and the success toast, without console errors`, async () => {
    const { page, errors, messages, context } = await openPage(browser)
    const pdfRequest = gate()
    await page.route(`**/${pdf}`, pdfRequest.handler)
    await page.goto(server.url + path)
    await expect.poll(() => page.getByRole('status').filter({ hasText: `Loading ${title}...` }).isVisible()).toBe(true)
    pdfRequest.release()
    await expect.poll(() => indicator(page).textContent()).toBe(`Page 1 of ${pages}`)
    await expect.poll(() => canvas(page).getAttribute('aria-label')).toBe(`${title}, page 1 of ${pages}`)
    await expect.poll(() => canvasWidth(page)).toBeGreaterThan(300)
    await expect.poll(() => page.getByText(`${title} loaded successfully!`).isVisible()).toBe(true)
    await expect(page.getByText(`Loading ${title}...`).count()).resolves.toBe(0)
    expect(errors).toEqual([])
    expect(messages.filter((message) => message.startsWith('warning'))).toEqual([])
    await context.close()
  })

  it("has 'Back to Home', the heading, 'Last updated' from the config and the download, all without JavaScript", async () => {
    const { page, context } = await openPage(browser, { javaScriptEnabled: false })
    await page.goto(server.url + path)
    await expect(page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).resolves.toBe('/')
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(title)
    await expect(page.getByText(/^Last updated:/).textContent()).resolves.toBe('Last updated: June 1, 2025')
    await expect(page.getByRole('link', { name: /^Download/ }).first().getAttribute('href')).resolves.toBe(`/${pdf}`)
    // The spinner would turn forever and the buttons could do nothing: the download is offered instead.
    await expect(page.getByRole('link', { name: 'Download PDF' }).isVisible()).resolves.toBe(true)
    await expect(page.getByText(`Loading ${title}...`).isVisible()).resolves.toBe(false)
    await expect(page.getByRole('button', { name: 'Next page' }).isVisible()).resolves.toBe(false)
    await context.close()
  })

  it('offers a Download link whose URL serves the PDF', async () => {
    const { page } = await sharedLoaded(path)
    const link = page.getByRole('link', { name: `Download ${title} (PDF)` })
    await expect(link.getAttribute('download')).resolves.toBe('')
    const href = await link.getAttribute('href')
    const response = await page.request.get(new URL(href ?? '', page.url()).href)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('application/pdf')
    expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-')
  })
})

describe('paging', () => {
  it('turns pages with Next and Previous, disabled on the first and the last page', async () => {
    const { page, errors, context } = await openLoaded()
    const previous = page.getByRole('button', { name: 'Previous page' })
    const next = page.getByRole('button', { name: 'Next page' })
    await expect(previous.isDisabled()).resolves.toBe(true)
    await expect(next.isEnabled()).resolves.toBe(true)

    await next.click()
    await expect.poll(() => indicator(page).textContent()).toBe('Page 2 of 7')
    await expect.poll(() => canvas(page).getAttribute('aria-label')).toBe('Privacy Policy, page 2 of 7')
    await expect(previous.isEnabled()).resolves.toBe(true)

    for (let expected = 3; expected <= 7; expected++) {
      await next.click()
      await expect.poll(() => indicator(page).textContent()).toBe(`Page ${expected} of 7`)
    }
    await expect(next.isDisabled()).resolves.toBe(true)
    await expect(previous.isEnabled()).resolves.toBe(true)

    await previous.click()
    await expect.poll(() => indicator(page).textContent()).toBe('Page 6 of 7')
    await expect(next.isEnabled()).resolves.toBe(true)
    await expect(indicator(page).getAttribute('aria-live')).resolves.toBe('polite')
    expect(errors).toEqual([])
    await context.close()
  })

  it('works from the keyboard, and focus stays on a button when the one pressed turns disabled', async () => {
    const { page, context } = await openLoaded()
    await page.getByRole('button', { name: 'Next page' }).focus()
    for (let turn = 0; turn < 6; turn++) await page.keyboard.press('Enter')
    await expect.poll(() => indicator(page).textContent()).toBe('Page 7 of 7')
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Previous page')
    await page.keyboard.press('Enter')
    await expect.poll(() => indicator(page).textContent()).toBe('Page 6 of 7')
    await context.close()
  })
})

describe('zoom', () => {
  it('zooms in by 20 % a step up to 200 %, where Zoom in is disabled', async () => {
    const { page, context } = await openLoaded()
    const zoomIn = page.getByRole('button', { name: 'Zoom in' })
    await expect(zoomReadout(page).textContent()).resolves.toBe('Zoom 100%')
    const width = await canvasWidth(page)
    for (const percent of [120, 140, 160, 180, 200]) {
      await expect(zoomIn.isEnabled()).resolves.toBe(true)
      await zoomIn.click()
      await expect.poll(() => zoomReadout(page).textContent()).toBe(`Zoom ${percent}%`)
    }
    await expect(zoomIn.isDisabled()).resolves.toBe(true)
    await expect.poll(() => canvasWidth(page)).toBeCloseTo(width * 2, -1)
    await context.close()
  })

  it('zooms out to 50 %, where Zoom out is disabled', async () => {
    const { page, context } = await openLoaded()
    const zoomOut = page.getByRole('button', { name: 'Zoom out' })
    const width = await canvasWidth(page)
    for (const percent of [80, 60, 50]) {
      await zoomOut.click()
      await expect.poll(() => zoomReadout(page).textContent()).toBe(`Zoom ${percent}%`)
    }
    await expect(zoomOut.isDisabled()).resolves.toBe(true)
    await expect(page.getByRole('button', { name: 'Zoom in' }).isEnabled()).resolves.toBe(true)
    await expect.poll(() => canvasWidth(page)).toBeCloseTo(width / 2, -1)
    await context.close()
  })
})

describe('the page area', () => {
  it('scrolls between 600 and 800 px high, with neither a text layer nor an annotation layer', async () => {
    const { page } = await sharedLoaded()
    const area = page.getByRole('region', { name: 'Privacy Policy document' })
    const style = await area.evaluate((element) => {
      const { minHeight, maxHeight, overflowY } = getComputedStyle(element)
      return { minHeight, maxHeight, overflowY, height: element.getBoundingClientRect().height, scrolls: element.scrollHeight > element.clientHeight }
    })
    expect(style).toMatchObject({ minHeight: '600px', maxHeight: '800px', overflowY: 'auto', scrolls: true })
    expect(style.height).toBeLessThanOrEqual(800)
    await expect(page.locator('.react-pdf__Page__textContent, .textLayer').count()).resolves.toBe(0)
    await expect(page.locator('.react-pdf__Page__annotations, .annotationLayer').count()).resolves.toBe(0)
  })

  it('fits a phone screen at 100 % without scrolling sideways', async () => {
    const { page, context } = await openLoaded(privacy.path, { viewport: { width: 390, height: 844 } })
    const area = page.getByRole('region', { name: 'Privacy Policy document' })
    await expect(area.evaluate((element) => element.scrollWidth <= element.clientWidth)).resolves.toBe(true)
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true)
    await context.close()
  })
})

describe('a PDF that cannot be loaded', () => {
  it('logs the error, shows the error toast and the Failed to load PDF block with the download', async () => {
    const { page, errors, context } = await openPage(browser)
    await page.route(`**/${privacy.pdf}`, (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'storage unavailable' }))
    await page.goto(server.url + privacy.path)
    await expect.poll(() => page.getByRole('heading', { name: 'Failed to load PDF' }).isVisible()).toBe(true)
    await expect(page.getByText('There was an error loading the PDF. Please try downloading it instead.').isVisible()).resolves.toBe(true)
    await expect(page.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).resolves.toBe(`/${privacy.pdf}`)
    await expect.poll(() => page.getByText('Failed to load PDF. Please try downloading it instead.').isVisible()).toBe(true)
    await expect(page.getByText(/^Loading /).count()).resolves.toBe(0)
    await expect(page.getByRole('button', { name: 'Next page' }).count()).resolves.toBe(0)
    expect(errors.filter((error) => error.startsWith('Failed to load PDF:'))).toHaveLength(1)
    await context.close()
  })
})

describe('the pdf.js code', () => {
  const pdfjsMarker = 'GlobalWorkerOptions'
  const scriptsOf = (requests: string[]) => requests.filter((url) => /\.m?js$/.test(new URL(url).pathname))
  const read = (url: string) => readFileSync(join(dist, new URL(url).pathname), 'utf8')

  it("loads the worker from the site's own origin, as JavaScript", async () => {
    const { page, requests } = await sharedLoaded()
    const origin = new URL(server.url).origin
    const workers = requests.filter((url) => /pdf\.worker/.test(url))
    expect(workers).toHaveLength(1)
    expect(workers[0]).toMatch(new RegExp(`^${origin}/assets/.+\\.mjs$`))
    expect(requests.filter((url) => /pdf/i.test(url) && !url.startsWith(origin))).toEqual([])
    const response = await page.request.get(workers[0] ?? '')
    expect(response.headers()['content-type']).toMatch(/^text\/javascript/)
  })

  it('is not loaded on the home page, only on the legal pages', async () => {
    const home = await openPage(browser)
    await home.page.goto(server.url)
    await hydrated(home.page)
    await home.page.waitForLoadState('networkidle')
    const homeScripts = scriptsOf(home.requests)
    expect(homeScripts.length).toBeGreaterThan(0)
    expect(homeScripts.filter((url) => read(url).includes(pdfjsMarker) || /pdf/.test(url))).toEqual([])
    await home.context.close()

    // The same check finds it where it belongs, so it cannot pass by looking for the wrong thing.
    const legal = await sharedLoaded()
    expect(scriptsOf(legal.requests).filter((url) => read(url).includes(pdfjsMarker))).toHaveLength(1)
  })

  it('is loaded when a visitor follows the footer link from the home page, a normal page load to an HTML-only page', async () => {
    const { page, errors, context } = await openPage(browser)
    await page.goto(server.url)
    await hydrated(page)
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'home document'))
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click()
    await page.waitForURL(`${server.url}terms-of-service/`)
    await expect.poll(() => indicator(page).textContent()).toBe('Page 1 of 7')
    await expect(page.evaluate(() => (window as unknown as { marker?: string }).marker)).resolves.toBeUndefined()
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('accessibility', () => {
  // One load a document, dark from storage, then switched to light by the header's toggle as a visitor would:
  // axe reads the page once its colours' transitions have ended.
  it.each(documents.map(({ path }) => path))('/%s has no serious or critical axe violation once loaded, in both themes', async (path) => {
    const { page, context } = await openPage(browser)
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [themeStorageKey('KubeGuard'), 'dark'] as const)
    await page.goto(server.url + path)
    await hydrated(page)
    await canvas(page).waitFor()
    expect(await seriousViolations(page), 'dark').toEqual([])
    await page.getByRole('button', { name: uiTemplates('en').darkTheme, exact: true }).first().click()
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light')
    await transitionsEnded(page)
    expect(await seriousViolations(page), 'light').toEqual([])
    await context.close()
  })
})

describe('a site served from a sub-path', () => {
  it('loads the PDF and the worker under the base', async () => {
    const { outDir } = await buildSite({ out: 'legal-base', base: '/marketing/' })
    const based = await serveSite(outDir, '/marketing/')
    try {
      const { page, requests, errors, context } = await openPage(browser)
      await page.goto(`${based.url}privacy-policy/`)
      await expect.poll(() => indicator(page).textContent()).toBe('Page 1 of 7')
      const origin = new URL(based.url).origin
      expect(requests.filter((url) => /pdf/.test(url)).every((url) => url.startsWith(`${origin}/marketing/`))).toBe(true)
      await expect(page.getByRole('link', { name: 'Download Privacy Policy (PDF)' }).getAttribute('href')).resolves.toBe('/marketing/uploads/privacy-policy.pdf')
      await expect(page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).resolves.toBe('/marketing/')
      expect(errors).toEqual([])
      await context.close()
    } finally {
      await based.close()
    }
  })
})
