import { describe, expect, it } from 'vitest'
import { useServedSite } from '../support/browser.ts'

const site = useServedSite()

const routes = [
  { path: '', heading: 'Kubernetes Security, Reimagined' },
  { path: 'blog/', heading: 'Blog' },
  { path: 'blog/page/2/', heading: 'Blog' },
  { path: 'blog/introducing-ai-agents-that-secure-kubernetes/', heading: /AI agents/i },
  { path: 'pricing/', heading: 'Choose Your Security Plan' },
  { path: 'privacy-policy/', heading: 'Privacy Policy' },
  { path: 'terms-of-service/', heading: 'Terms of Service' },
]

describe('every route', () => {
  it.each(routes)('/$path renders its heading and hydrates without console errors', async ({ path, heading }) => {
    const { page, errors, context } = await site.open()
    const response = await page.goto(site.url + path)
    expect(response?.status()).toBe(200)
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated ?? '')).toBe('true')
    await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toMatch(heading)
    expect(errors).toEqual([])
    await context.close()
  })

  it('an unknown path is answered with 404.html and status 404', async () => {
    const { page, context } = await site.open()
    const response = await page.goto(`${site.url}no/such/page/`)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('404')
    await context.close()
  })
})

describe('client navigation', () => {
  it('moves between blog pages without a full page load', async () => {
    const { page, errors, context } = await site.open()
    await page.goto(`${site.url}blog/`)
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated ?? '')).toBe('true')
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still here'))
    await page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: '2', exact: true }).click()
    await page.waitForURL(`${site.url}blog/page/2/`)
    await expect(page.evaluate(() => (window as unknown as { marker?: string }).marker)).resolves.toBe('still here')
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('a context given back (tests/support/browser.ts openPage)', () => {
  it('is lent to the next test as a new one is: no page, storage, cookie, init script or route of the test before', async () => {
    const first = await site.open()
    await first.context.addInitScript(() => localStorage.setItem('kubeguard-theme', 'dark'))
    await first.context.route(/\/blog\/$/, (route) => route.fulfill({ status: 500, body: 'routed' }))
    await first.page.goto(site.url)
    await first.page.evaluate(() => {
      sessionStorage.setItem('left', 'behind')
      document.cookie = 'left=behind; path=/'
    })
    await first.context.newPage()
    const made = first.page.context()
    await first.context.close()

    const second = await site.open()
    // The same context, lent again.
    expect(second.page.context()).toBe(made)
    expect(second.context.pages()).toEqual([second.page])
    await second.page.goto(site.url)
    expect(await second.page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([0, 0, ''])
    expect((await second.page.goto(`${site.url}blog/`))?.status()).toBe(200)
    // What giving it back would not undo is refused.
    expect(() => second.context.setOffline(true)).toThrow(/not undone/)
    await second.context.close()
  })

  it('reaches no host but the machine\'s own: a load from another fails unresolved, its error not counted', async () => {
    const { page, errors, messages, context } = await site.open()
    const failed: string[] = []
    page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`))
    // A document without the site's policy, which would refuse the picture before it is asked for.
    await page.goto('about:blank')
    const picture = 'https://pictures.kube-site-test.example/cover.png'
    expect(await page.evaluate((src) => new Promise((resolve) => Object.assign(new Image(), { onload: () => resolve('loaded'), onerror: () => resolve('failed'), src })), picture)).toBe('failed')
    expect(failed).toEqual([`${picture} net::ERR_NAME_NOT_RESOLVED`])
    await expect.poll(() => messages).toContain('error: Failed to load resource: net::ERR_NAME_NOT_RESOLVED')
    expect(errors).toEqual([])
    await context.close()
  })

  it('loads each page as a first visit does: nothing from the HTTP cache, the second load too', async () => {
    const { page, context } = await site.open()
    // What the page has loaded so far, and what of it came from the HTTP cache (transferSize 0).
    const loaded = () => page.evaluate(() => performance.getEntriesByType('resource').length)
    const fromCache = () => page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => (entry as PerformanceResourceTiming).transferSize === 0).map(({ name }) => name))
    await page.goto(site.url)
    await page.goto(`${site.url}pricing/`)
    await page.goto(site.url)
    expect(await loaded()).toBeGreaterThan(3)
    expect(await fromCache()).toEqual([])
    await context.close()
  })
})
