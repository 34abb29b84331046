import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { themeStorageKey } from '../../pages/_lib/browser/theme.ts'
import { seriousViolations } from '../support/axe.ts'
import { useServedSite } from '../support/browser.ts'
import { hydrated } from '../support/pageHelpers.ts'

const site = useServedSite()

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

// The error page is HTML-only like the not-found page it also is (pages/+config.ts), so vike's
// client router, which runs on the blog only, never renders it in place: when loading a page in
// place fails, it loads the page's URL in full instead, and the prerendered page shows. The
// failure is made where it happens on a live site: the next page's HTML, which a move in place
// reads the page's data (and a post's body) from (pages/_lib/pageFromHtml.ts).
// ('Unexpected Application Error!' itself is pinned by pages/_error/Page.test.tsx.)
describe('a move in place that fails', () => {
  /**
   * Opens the blog, lets `breakMove` make the move in place to what `link` finds fail, and
   * follows it: the page must show as a new document (the prerendered page, not a screen rendered
   * in place), with the heading `heading` finds. Returns the page.
   */
  async function followBroken(link: (page: Page) => Locator, heading: (page: Page) => Promise<string>, breakMove: (page: Page, href: string) => Promise<unknown>) {
    const opened = await site.open()
    const { page } = opened
    await page.goto(`${site.url}blog/`)
    await hydrated(page)
    const title = await heading(page)
    const href = (await link(page).getAttribute('href'))!
    await breakMove(page, href)
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'list document'))
    await link(page).click()
    await page.waitForURL(site.url + href.slice(1))
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title)
    await expect(page.evaluate(() => (window as unknown as { marker?: string }).marker)).resolves.toBeUndefined()
    return opened
  }
  // The card's own link, its title's (the badges and the byline above it link elsewhere).
  const firstCard = (page: Page) => page.locator('main article').first().getByRole('heading').getByRole('link')
  const firstCardTitle = async (page: Page) => (await page.locator('main article').first().getByRole('heading').textContent())!
  const followFirstCard = (breakMove: (page: Page, href: string) => Promise<unknown>) => followBroken(firstCard, firstCardTitle, breakMove)

  // Only the page's fetch fails: the full load of the same URL that follows is a navigation.
  const failFetch = (page: Page, href: string, status: number, body: string) =>
    page.route(`**${href}`, (route) => (route.request().resourceType() === 'fetch' ? route.fulfill({ status, body }) : route.continue()))

  it.each([
    ['its page answers 503', 503, 'Slow down'],
    ['its page carries no page data', 200, '<!doctype html><title>Not a page of this site</title>'],
  ])('falls back to a full load of the next list page when %s', async (_, status, body) => {
    const next = (page: Page) => page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: 'Next' })
    const { context } = await followBroken(next, async () => 'Blog', (page, href) => failFetch(page, href, status, body))
    await context.close()
  })

  it('falls back to a full load of the post when its body cannot be read from its page', async () => {
    // A move in place to a post reads its data and body from the post's page
    // (pages/_lib/blog/postBody.ts), which fails here; the full load of the page does not.
    const { page, context } = await followFirstCard((page, href) => failFetch(page, href, 503, 'Slow down'))
    await expect(page.locator('[data-post-body]').evaluate((body) => body.children.length)).resolves.toBeGreaterThan(0)
    await context.close()
  })
})
