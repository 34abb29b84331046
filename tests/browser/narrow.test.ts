import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { useServedSite } from '../support/browser.ts'
import { hydrated, outsideWindow, overflowingElements, wordsBrokenWithoutHyphen } from '../support/pageHelpers.ts'

const site = useServedSite()

/** Every kind of page, the 404 included; the post has a table, code blocks and a long byline. */
const routes = [
  '',
  'blog/',
  'blog/page/2/',
  'blog/introducing-ai-agents-that-secure-kubernetes/',
  'blog/tags/',
  'blog/tags/ai-agents/',
  'blog/authors/',
  'blog/authors/maya-chen/',
  'pricing/',
  'privacy-policy/',
  'terms-of-service/',
  'no/such/page/',
]

/** Links and buttons that do not fit in the window sideways, unless a container scrolls to them. */
const controlsOutOfReach = (page: Page) => outsideWindow(page, 'a, button', 'scrolls')

describe('at 320 px wide', () => {
  it.each(routes)('/%s does not scroll sideways and every control is within reach', async (path) => {
    const { page, context } = await site.open({ viewport: { width: 320, height: 640 } })
    await page.goto(site.url + path)
    await hydrated(page)
    // The legal pages' toolbar is at its widest once the document has loaded.
    if (path.startsWith('privacy') || path.startsWith('terms'))
      await expect.poll(() => page.getByRole('button', { name: 'Zoom in' }).isEnabled()).toBe(true)
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
    expect(widths.client).toBe(320)
    expect(widths.scroll).toBeLessThanOrEqual(widths.client)
    await expect(overflowingElements(page)).resolves.toEqual([])
    await expect(controlsOutOfReach(page)).resolves.toEqual([])
    await context.close()
  })
})

// The German post's title (issue 72): 'Least-Privilege-Netzwerkrichtlinien' is wider than a phone's
// line. The build gives its long words soft hyphens (cli/content/locales/titleHyphenator.ts), where the
// line breaks it, with a hyphen, rather than anywhere in it.
describe('a long German word in a title', () => {
  const GERMAN_POST = 'de/blog/netzwerkrichtlinien-aus-echtem-datenverkehr/'
  it.each([
    [GERMAN_POST, 'h1', 390],
    [GERMAN_POST, 'h1', 320],
    ['de/blog/', 'article h2', 390],
    ['de/blog/', 'article h2', 320],
  ])('/%s: %s breaks no word without a hyphen at %i px, and hydrates without a warning', async (path, selector, width) => {
    const opened = await site.open({ viewport: { width, height: 800 } })
    await opened.page.goto(site.url + path)
    await hydrated(opened.page)
    expect((await opened.page.locator(selector).allTextContents()).join(' ')).toContain('Least-Privilege-Netz\u00ADwerk\u00ADricht\u00ADli\u00ADni\u00ADen')
    await expect(wordsBrokenWithoutHyphen(opened.page, selector)).resolves.toEqual([])
    expect(opened.errors).toEqual([])
    expect(opened.messages.filter((message) => message.startsWith('warning'))).toEqual([])
    await opened.context.close()
  })
})
