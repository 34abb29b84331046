import { afterAll, beforeAll, inject } from 'vitest'
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core'
import { createStaticServer, type StaticServer } from '../../cli/preview/createStaticServer.ts'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Debian's chromium, headless, with a fresh profile (playwright makes one per launch) and nothing reaching the network. */
export async function launchBrowser(): Promise<Browser & { cleanup(): Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  })
  return Object.assign(browser, {
    async cleanup() {
      await browser.close()
    },
  })
}

export interface OpenedPage {
  context: BrowserContext
  page: Page
  /** console.error messages and uncaught exceptions seen so far. */
  errors: string[]
  /** Every console message, as 'type: text'. */
  messages: string[]
  /** URLs of every request the page made. */
  requests: string[]
}

/**
 * A page in a fresh context. Requests to other origins are answered with an empty 204 by the
 * test itself (nothing leaves the machine, and an offline external URL does not log an error).
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options })
  await context.route(/^(?!https?:\/\/(127\.0\.0\.1|localhost)[:/])/, (route) => route.fulfill({ status: 204, body: '' }))
  const page = await context.newPage()
  const errors: string[] = []
  const messages: string[] = []
  const requests: string[] = []
  page.on('console', (message) => {
    messages.push(`${message.type()}: ${message.text()}`)
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
  page.on('request', (request) => requests.push(request.url()))
  // Chromium logs a failed load without its URL; name it so a failing test says what broke.
  page.on('response', (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== 'document') errors.push(`${response.status()} ${response.url()}`)
  })
  return { context, page, errors, messages, requests }
}

/** Serves a built site on a free port as object storage serves it once deployed: text gzipped, deploy's headers. */
export function serveSite(root: string, base = '/'): Promise<StaticServer> {
  return createStaticServer({ root, port: 0, base })
}

/**
 * For one test file: serves a built site (the real one by default) like object storage and
 * launches chromium once, both stopped after the file's tests.
 */
export function useServedSite(root: () => string = () => inject('siteDist')) {
  let server: StaticServer | undefined
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined
  beforeAll(async () => {
    server = await serveSite(root())
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.cleanup()
    await server?.close()
  })
  return {
    /** The site's URL, base and trailing slash included. */
    get url(): string {
      return server!.url
    },
    /** A page in a fresh context (see openPage). */
    open: (options?: BrowserContextOptions): Promise<OpenedPage> => openPage(browser!, options),
  }
}
