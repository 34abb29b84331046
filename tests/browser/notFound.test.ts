import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { themeStorageKey } from '../../pages/_lib/theme.ts'
import { seriousViolations } from '../support/axe.ts'
import { useServedSite } from '../support/browser.ts'

const site = useServedSite()

const hydrated = (page: Page) => expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated ?? '')).toBe('true')
const NOT_FOUND_LOG = '404 Error: User attempted to access non-existent route:'

describe('the not-found page', () => {
  it.each(['no/such/page/', 'blog/no-such-post/', 'privacy-policy/old.html'])(
    '/%s is answered with 404.html and status 404, and logs the path',
    async (path) => {
      const { page, errors, messages, context } = await site.open()
      const response = await page.goto(site.url + path)
      expect(response?.status()).toBe(404)
      await hydrated(page)
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('404')
      await expect(page.getByText('Oops! Page not found', { exact: true }).isVisible()).resolves.toBe(true)
      await expect(page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).resolves.toBe('/')
      await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex')
      await expect(page.locator('link[rel="canonical"]').count()).resolves.toBe(0)
      await expect.poll(() => messages).toContain(`error: ${NOT_FOUND_LOG} /${path}`)
      // Besides Chromium's line about the document's own 404 (any failed asset is also listed by
      // its URL), the spec's message is the only console error.
      expect(errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([`${NOT_FOUND_LOG} /${path}`])
      await context.close()
    },
  )

  it('is complete without JavaScript, and Return to Home leads home', async () => {
    const { page, context } = await site.open({ javaScriptEnabled: false })
    await page.goto(`${site.url}gone/`)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('404')
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await page.waitForURL(site.url)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Kubernetes Security, Reimagined')
    await context.close()
  })

  it.each(['dark', 'light'])('has no serious or critical axe violation (%s theme)', async (theme) => {
    const { page, context } = await site.open()
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [themeStorageKey('KubeGuard'), theme] as const)
    await page.goto(`${site.url}no/such/page/`)
    await hydrated(page)
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  })
})

// The error screen is what vike renders in the browser when loading or rendering a page fails.
// A prerendered build has no failing page (one would fail the build), so the failure is made
// where it happens on a live site: the page's index.pageContext.json, which the client router
// fetches on a move in place, answers the way vike's server answers when a data hook throws.
describe('the error screen', () => {
  async function navigateWhileFailing(body: object, status: number) {
    const opened = await site.open()
    const { page } = opened
    await page.goto(site.url)
    await hydrated(page)
    await page.route('**/privacy-policy/index.pageContext.json', (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }))
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'))
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click()
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Unexpected Application Error!')
    // Rendered by the client router in place, not by a reload that would show the real page.
    await expect(page.evaluate(() => (window as unknown as { marker?: string }).marker)).resolves.toBe('same document')
    return opened
  }

  it("shows the error's message when the page's data failed on the server", async () => {
    const { page, errors, context } = await navigateWhileFailing({ serverSideError: true }, 500)
    const detail = page.getByText(/error occurred on the server-side/)
    await expect(detail.isVisible()).resolves.toBe(true)
    await expect(page.getByRole('link', { name: 'Return to Home' }).isVisible()).resolves.toBe(true)
    // vike logs what it could not render; the screen is not a silent failure.
    expect(errors.some((error) => /error occurred on the server-side/.test(error))).toBe(true)
    await context.close()
  })

  it('shows the status and its status text when the page was aborted with throw render(503, reason)', async () => {
    // What vike serializes for `throw render(503, 'Down for maintenance')` in a server hook.
    const abort = { _abortCall: 'render(503, "Down for maintenance")', abortStatusCode: 503, abortReason: 'Down for maintenance', is404: false }
    const { page, context } = await navigateWhileFailing(abort, 503)
    await expect(page.getByText('503 Service Unavailable', { exact: true }).isVisible()).resolves.toBe(true)
    await expect(page.getByText('Down for maintenance', { exact: true }).isVisible()).resolves.toBe(true)
    await context.close()
  })
})
