import { afterAll, beforeAll, inject } from 'vitest'
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core'
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { StaticServer } from '../../cli/preview/createStaticServer.ts'
import { cliEnv, repoRoot } from './buildSite.ts'
import { S3_ACCESS_KEY, startS3Server } from './s3Server.ts'
import { serveBucket } from './s3Website.ts'

const run = promisify(execFile)

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * The chromium of a worker of the browser project, whose files share their worker's modules
 * (`isolate: false` in tests/vitest.config.ts): launched by the first file, with the contexts
 * openPage keeps (a new context's first page costs chromium about twice another's), and closed
 * when the worker ends. A launch and a first context are about 0.65 s of chromium's CPU.
 */
let workerBrowser: Promise<Browser> | undefined

/**
 * Debian's chromium, headless, with a fresh profile (playwright makes one per launch) and nothing
 * reaching the network. In the browser project, its worker's (workerBrowser): `cleanup` then
 * closes the contexts a file left open but the kept ones, and empties their HTTP cache.
 */
export async function launchBrowser(): Promise<Browser & { cleanup(): Promise<void> }> {
  if (!sharedInThisWorker()) {
    const browser = await launchChromium()
    return Object.assign(browser, { cleanup: () => browser.close() })
  }
  const browser = await (workerBrowser ??= launchChromium())
  return Object.assign(browser, {
    async cleanup() {
      const kept = new Set((keptContexts.get(browser) ?? []).map(({ context }) => context))
      for (const context of browser.contexts()) if (!kept.has(context)) await context.close()
      for (const { context, keeper, lent } of keptContexts.get(browser) ?? []) {
        if (lent) continue
        const devtools = await context.newCDPSession(keeper)
        await devtools.send('Network.clearBrowserCache')
        await devtools.detach()
      }
    },
  })
}

/** Whether this worker's files share their chromium; false outside vitest (a script of tests/bench/, a check by hand), where inject throws. */
function sharedInThisWorker(): boolean {
  try {
    return inject('shareBrowser') === true
  } catch {
    return false
  }
}

function launchChromium(): Promise<Browser> {
  return chromium.launch({
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
      // Nothing leaves the machine: every host but its own servers' is unknown (OFFLINE_ERROR).
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    ],
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

/** A context's options, and how fast its pages' CSS transitions and animations play (ANIMATION_RATE unless said). */
export type PageOptions = BrowserContextOptions & { animationRate?: number }

/**
 * CSS transitions and animations play this many times faster than a visitor's (DevTools' playback
 * rate): the first screen's fade-ins, which an HTML-only page's islands wait for (1.2-1.6 s a load),
 * and the reveals a test scrolls through. Timers, smooth scrolling and input are as a visitor's; a
 * test of motion itself opens its page with `animationRate: 1`.
 */
export const ANIMATION_RATE = 10

/** The machine's own servers: chromium resolves no other host (launchChromium). */
const LOCAL = /^https?:\/\/(127\.0\.0\.1|localhost)[:/]/

/**
 * What chromium logs of a load from another host, which it cannot resolve: not counted among a
 * page's errors, as a visitor online would have had it. (Answering those requests from the test
 * itself, a route, intercepted every request of every page, and cost about 9 % of chromium's CPU a
 * page load and a quarter of the test's.)
 */
const OFFLINE_ERROR = 'Failed to load resource: net::ERR_NAME_NOT_RESOLVED'

/**
 * A context of a browser, lent to one test at a time, and given back as it was made. A page in a new
 * context costs chromium about twice the CPU of a page in a context that already has one (its
 * window and what comes with it: tests/bench/README.md), so each kept context holds a blank page of
 * its own (`keeper`, never handed out), and a test gets a new page (its own history, session
 * storage, viewport, media, listeners) in an idle context.
 */
interface KeptContext {
  /** The options the context was made with, as JSON: a context is lent only for the same. */
  key: string
  context: BrowserContext
  keeper: Page
  lent: boolean
}
const keptContexts = new WeakMap<Browser, KeptContext[]>()

/**
 * Gives a lent context back as it was made: the init scripts and routes the test added removed, its
 * pages closed (but the keeper), its cookies and the storage of every local origin it reached
 * cleared. A context that cannot be is closed and no longer lent.
 */
async function giveBack(browser: Browser, kept: KeptContext, added: { dispose(): Promise<void> }[], routes: Parameters<BrowserContext['unroute']>[], origins: Set<string>): Promise<void> {
  const { context, keeper } = kept
  try {
    for (const script of added) await script.dispose()
    for (const route of routes) await context.unroute(...route)
    for (const page of context.pages()) if (page !== keeper) await page.close()
    await context.clearCookies()
    if (origins.size) {
      const devtools = await context.newCDPSession(keeper)
      for (const origin of origins) await devtools.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
      await devtools.detach()
    }
    kept.lent = false
  } catch {
    keptContexts.set(browser, (keptContexts.get(browser) ?? []).filter((other) => other !== kept))
    await context.close().catch(() => {})
  }
}

/** What a test may not change on a lent context, as giving it back would not undo it: the next test to borrow it, of this file or a later one of the worker, would inherit it. */
const NOT_UNDONE = new Set(['setOffline', 'grantPermissions', 'setGeolocation', 'setExtraHTTPHeaders', 'setHTTPCredentials', 'exposeBinding', 'exposeFunction', 'setDefaultTimeout', 'setDefaultNavigationTimeout', 'routeFromHAR', 'routeWebSocket', 'clock'])

/**
 * A context as its test sees it: its own, but that `close` gives it back (giveBack), `pages` leaves
 * the keeper out, what the test adds to it (init scripts, routes) is taken off again, and what
 * giving it back would not undo is refused (NOT_UNDONE: the page's own, or a new case of giveBack).
 */
function lent(browser: Browser, kept: KeptContext): BrowserContext {
  const added: { dispose(): Promise<void> }[] = []
  const routes: Parameters<BrowserContext['unroute']>[] = []
  const origins = new Set<string>()
  const reached = (request: { url(): string }) => {
    if (LOCAL.test(request.url())) origins.add(new URL(request.url()).origin)
  }
  kept.context.on('request', reached)
  let closing: Promise<void> | undefined
  return new Proxy(kept.context, {
    get(context, property) {
      if (property === 'close')
        return () =>
          (closing ??= (async () => {
            kept.context.off('request', reached)
            await giveBack(browser, kept, added, routes, origins)
          })())
      if (typeof property === 'string' && NOT_UNDONE.has(property)) throw new Error(`context.${property} is not undone when openPage's context is given back (tests/support/browser.ts giveBack): undo it there, or use the page's own`)
      if (property === 'pages') return () => context.pages().filter((page) => page !== kept.keeper)
      if (property === 'addInitScript')
        return async (...args: Parameters<BrowserContext['addInitScript']>) => {
          const script = await context.addInitScript(...args)
          added.push(script)
          return script
        }
      if (property === 'route')
        return async (...args: Parameters<BrowserContext['route']>) => {
          await context.route(...args)
          routes.push([args[0], args[1]])
        }
      const value: unknown = Reflect.get(context, property, context)
      return typeof value === 'function' ? value.bind(context) : value
    },
  })
}

/** A context made with `options`, idle, or a new one; lent to the caller. */
async function borrowContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const key = JSON.stringify(options)
  let all = keptContexts.get(browser)
  if (!all) keptContexts.set(browser, (all = []))
  let kept = all.find((candidate) => !candidate.lent && candidate.key === key)
  if (!kept) {
    const context = await browser.newContext(options)
    kept = { key, context, keeper: await context.newPage(), lent: false }
    all.push(kept)
  }
  kept.lent = true
  return lent(browser, kept)
}

/**
 * One load for each way of opening a page, shared by the tests of a file that only read it (or
 * scroll it, or follow an in-page link, which no other reader minds): `open(key)` makes it the first
 * time `key` is asked for, and each is closed after the file (before the file's own after-hooks, which
 * were registered earlier: vitest runs them in reverse). A load costs chromium 1-3 CPU-s; a test that
 * times, counts requests or changes what another would read opens its own page (tests/README.md).
 * Call it at the top level of a test file.
 */
export function sharedLoads<Key>(open: (key: Key) => Promise<OpenedPage>): (key: Key) => Promise<OpenedPage> {
  const loads = new Map<string, Promise<OpenedPage>>()
  afterAll(async () => {
    for (const load of loads.values()) await (await load).context.close()
  })
  return (key) => {
    const id = JSON.stringify(key)
    if (!loads.has(id)) loads.set(id, open(key))
    return loads.get(id)!
  }
}

/**
 * A page in a context of its own (borrowContext: as fresh as a new one, with no page of another test
 * in it). Its `context.close()` ends its use, as it would a new context's.
 */
export async function openPage(browser: Browser, { animationRate = ANIMATION_RATE, ...options }: PageOptions = {}): Promise<OpenedPage> {
  const context = await borrowContext(browser, { viewport: { width: 1440, height: 900 }, ...options })
  const page = await context.newPage()
  // Kept for every document the page loads, reloads included: no HTTP cache (each load as a first
  // visit's), and the animations' rate.
  const devtools = await context.newCDPSession(page)
  await devtools.send('Network.enable')
  await devtools.send('Network.setCacheDisabled', { cacheDisabled: true })
  if (animationRate !== 1) {
    await devtools.send('Animation.enable')
    await devtools.send('Animation.setPlaybackRate', { playbackRate: animationRate })
  }
  const errors: string[] = []
  const messages: string[] = []
  const requests: string[] = []
  page.on('console', (message) => {
    messages.push(`${message.type()}: ${message.text()}`)
    if (message.type() === 'error' && !(message.text() === OFFLINE_ERROR && !LOCAL.test(message.location().url))) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
  page.on('request', (request) => requests.push(request.url()))
  // Chromium logs a failed load without its URL; name it so a failing test says what broke.
  page.on('response', (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== 'document') errors.push(`${response.status()} ${response.url()}`)
  })
  return { context, page, errors, messages, requests }
}

/**
 * Serves a built site as object storage serves it once deployed: `kube-site deploy` stores it in a
 * bucket of s3rver (an S3 implementation of its own, with website hosting), whose website
 * endpoint answers on a free loopback port. The browser tests judge the site by what an
 * independent S3 makes of it, not by kube-site preview (which has tests of its own, and one that
 * asks both the same requests: previewDeploy.test.ts).
 */
export async function serveSite(root: string, base = '/'): Promise<StaticServer> {
  const s3 = await startS3Server(['site'])
  try {
    const home = mkdtempSync(join(tmpdir(), 'kube-site-home-'))
    const env = cliEnv()
    for (const key of Object.keys(env)) if (key.startsWith('AWS_')) delete env[key]
    const deployEnv = { ...env, HOME: home, AWS_EC2_METADATA_DISABLED: 'true', AWS_ACCESS_KEY_ID: S3_ACCESS_KEY, AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' }
    const prefix = base.replace(/^\/|\/$/g, '')
    await run(process.execPath, [join(repoRoot, 'cli/bin.js'), 'deploy', '--to', `s3://site${prefix ? `/${prefix}` : ''}`, '--base', base, '--out', root, '--endpoint', s3.endpoint], { cwd: repoRoot, env: deployEnv })
    rmSync(home, { recursive: true, force: true })
    const website = await serveBucket(s3, 'site')
    const url = `${website.url}${base.slice(1)}`
    return {
      url,
      port: Number(new URL(url).port),
      async close() {
        await website.close()
        await s3.close()
      },
    }
  } catch (error) {
    await s3.close()
    throw error
  }
}

/**
 * For one test file: the real site, deployed once for the run by the global setup, and chromium,
 * launched once for the file and closed after its tests.
 */
export function useServedSite() {
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.cleanup()
  })
  return {
    /** The site's URL, base and trailing slash included. */
    url: inject('siteUrl'),
    /** A page in a fresh context (see openPage). */
    open: (options?: PageOptions): Promise<OpenedPage> => openPage(browser!, options),
  }
}
