import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { compileEarlyScript } from '../../cli/generator/bundle/compileEarlyScript.ts'
import { launchBrowser } from '../support/browser.ts'

// The compiled inline script (pages/_lib/islands/earlyScript.ts) alone, in chromium, on a page of its own:
// both of its jobs, the theme before the first paint and the clicks heard before React.

const KEY = 'acme-theme'
const script = compileEarlyScript(KEY, 'dark')
const ORIGIN = 'http://early-script.test'

const page = (head = '') => `<!DOCTYPE html><html lang="en"><head>${head}<script>${script}</script>
<script>window.seen = { theme: document.documentElement.dataset.theme, js: document.documentElement.classList.contains('js') }</script></head>
<body><kube-island><button id="in-island">In an island</button></kube-island><button id="outside">Outside</button>
<button id="toggle" data-theme-toggle><span id="inside-toggle">Theme</span></button><a id="link" href="#x">A link</a></body></html>`

let browser: Awaited<ReturnType<typeof launchBrowser>>
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.cleanup())

/** A fresh context with `stored` in local storage, opened on the test page; `head` goes before the script. */
async function open(stored?: string, head?: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext()
  await context.route(`${ORIGIN}/**`, (route) => route.fulfill({ contentType: 'text/html', body: page(head) }))
  if (stored !== undefined) await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [KEY, stored])
  const opened = await context.newPage()
  const errors: string[] = []
  opened.on('pageerror', (error) => errors.push(error.message))
  await opened.goto(`${ORIGIN}/`)
  return { context, page: opened, errors }
}

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme)

describe('the early script', () => {
  it.each([
    [undefined, 'dark'],
    ['light', 'light'],
    ['dark', 'dark'],
    ['purple', 'dark'],
  ])('stored %s: the theme is %s before any later script runs, and the page is marked scripted', async (stored, expected) => {
    const { context, page, errors } = await open(stored)
    expect(await page.evaluate(() => (window as unknown as { seen: unknown }).seen)).toEqual({ theme: expected, js: true })
    expect(errors).toEqual([])
    await context.close()
  })

  it('falls back on the default theme, without an error, when storage throws', async () => {
    const refuse = '<script>Storage.prototype.getItem = Storage.prototype.setItem = () => { throw new DOMException("refused", "SecurityError") }</script>'
    const { context, page, errors } = await open('light', refuse)
    expect(await theme(page)).toBe('dark')
    await page.click('#toggle')
    expect(await theme(page)).toBe('light')
    expect(errors).toEqual([])
    await context.close()
  })

  it('switches and stores the theme on a click in a theme toggle, whatever in it is clicked', async () => {
    const { context, page } = await open()
    await page.click('#inside-toggle')
    expect([await theme(page), await page.evaluate((key) => localStorage.getItem(key), KEY)]).toEqual(['light', 'light'])
    await page.click('#toggle')
    expect([await theme(page), await page.evaluate((key) => localStorage.getItem(key), KEY)]).toEqual(['dark', 'dark'])
    await context.close()
  })

  it('notes a click on another button on its island, else on <html>, for React to replay; a click on no button is not noted', async () => {
    const { context, page } = await open()
    const noted = () =>
      page.evaluate(() => {
        const target = (holder: HTMLElement) => (holder.kubeClick?.target as Element | undefined)?.id
        return { island: target(document.querySelector('kube-island')!), root: target(document.documentElement) }
      })
    await page.click('#link')
    expect(await noted()).toEqual({ island: undefined, root: undefined })
    await page.click('#in-island')
    expect(await noted()).toEqual({ island: 'in-island', root: undefined })
    await page.click('#outside')
    expect(await noted()).toEqual({ island: 'in-island', root: 'outside' })
    expect(await theme(page)).toBe('dark')
    await context.close()
  })
})
