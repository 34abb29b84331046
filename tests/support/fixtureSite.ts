import { afterAll, afterEach, beforeAll } from 'vitest'
import type { Page } from 'playwright-core'
import type { StaticServer } from '../../cli/preview/createStaticServer.ts'
import { launchBrowser, openPage, serveSite, type OpenedPage, type PageOptions } from './browser.ts'
import { buildSite, sharedSite, type BuildSiteOptions, type SharedSiteOptions } from './buildSite.ts'
import { hydrated } from './pageHelpers.ts'

/** A fixture site of a browser test file, and the browser its tests open it in. */
export interface FixtureSite {
  /** The built site's folder. */
  readonly outDir: string
  readonly server: StaticServer
  readonly browser: Awaited<ReturnType<typeof launchBrowser>>
  /** The served URL of a site path. */
  url(path: string): string
  /** Opens `path` in a fresh context (closed after the test) and, when JavaScript runs, waits for hydration. */
  open(path: string, options?: PageOptions & { theme?: 'light' | 'dark' }): Promise<OpenedPage>
  /** Opens a fresh context on no page, closed after the test. */
  blank(options?: PageOptions): Promise<OpenedPage>
}

/**
 * Builds a fixture site with the real CLI before the file's tests, serves it as object storage
 * does, and launches the browser; every context a test opens is closed after it. Call it at the
 * top of a test file. Without `out`, the site is built once a run for every file that asks for the
 * same options (sharedSite): for files that only read it.
 */
export function useFixtureSite(build: BuildSiteOptions | SharedSiteOptions): FixtureSite {
  let outDir = ''
  let server: StaticServer | undefined
  let browser: FixtureSite['browser'] | undefined
  const opened: OpenedPage[] = []
  beforeAll(async () => {
    outDir = ('out' in build ? await buildSite(build) : await sharedSite(build)).outDir
    server = await serveSite(outDir)
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.cleanup()
    await server?.close()
  })
  afterEach(async () => {
    for (const { context } of opened.splice(0)) await context.close()
  })
  const site: FixtureSite = {
    get outDir() {
      return outDir
    },
    get server() {
      return server!
    },
    get browser() {
      return browser!
    },
    url: (path) => server!.url + path.replace(/^\//, ''),
    async blank(options = {}) {
      const result = await openPage(browser!, options)
      opened.push(result)
      return result
    },
    async open(path, { theme, ...options } = {}) {
      const result = await site.blank(options)
      if (theme) await result.context.addInitScript((value) => localStorage.setItem('kubeguard-theme', value), theme)
      await result.page.goto(site.url(path))
      if (options.javaScriptEnabled !== false) await hydrated(result.page)
      return result
    },
  }
  return site
}

/** Console errors and warnings (React's hydration warnings among them), uncaught exceptions and failed loads: a page must have none. */
export const problems = ({ errors, messages }: OpenedPage): string[] => [...errors, ...messages.filter((message) => message.startsWith('warning'))]

/** The pagination as a reader meets it: '[4]' is the current page, '(disabled)' a dimmed link. */
export const paginationEntries = (page: Page): Promise<string[]> =>
  page
    .getByRole('navigation', { name: 'Blog pages' })
    .locator('li')
    .evaluateAll((items) =>
      items.map((item) => {
        const link = item.querySelector('a')
        const text = item.textContent!.trim()
        if (link?.getAttribute('aria-current') === 'page') return `[${text}]`
        return link?.getAttribute('aria-disabled') === 'true' ? `${text} (disabled)` : text
      }),
    )

export const cardTitles = (page: Page): Promise<string[]> => page.locator('main article h2').allTextContents()
/**
 * Waits until a page moved to in place is on screen, by its title (`Blog`, `Posts tagged audit`).
 * The address changes before vike renders the page it leads to (on Back, at once), and the page
 * left is still there meanwhile; vike-react sets the title once the new page is rendered.
 */
export const shownTitled = (page: Page, title: string): Promise<unknown> => page.waitForFunction((title) => document.title.startsWith(`${title} | `), title)
/** Marks the window: a move in place keeps the mark, a page load loses it (windowMarker). */
export const markWindow = (page: Page): Promise<string> => page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'))
export const windowMarker = (page: Page): Promise<string | undefined> => page.evaluate(() => (window as unknown as { marker?: string }).marker)
export const focusedTag = (page: Page): Promise<string | undefined> => page.evaluate(() => document.activeElement?.tagName)
export const backLinks = (page: Page): Promise<(string | null)[]> =>
  page.getByRole('link', { name: 'Back to Blog' }).evaluateAll((links) => links.map((link) => link.getAttribute('href')))
