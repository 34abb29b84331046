import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { useServedSite } from '../support/browser.ts'
import { hydrated, overflowingElements } from '../support/pageHelpers.ts'

const site = useServedSite()

/** Every kind of page, the 404 included; the post has a table, code blocks and a long byline. */
const routes = [
  '',
  'blog/',
  'blog/page/2/',
  'blog/introducing-ai-agents-that-secure-kubernetes/',
  'pricing/',
  'privacy-policy/',
  'terms-of-service/',
  'no/such/page/',
]

/**
 * Links and buttons that do not fit in the window sideways. overflowingElements leaves content
 * to an ancestor that clips it, but a control cut off by a rounded card is still out of reach;
 * only a container that scrolls (a code block, a wide table) lets the reader get to it.
 */
function controlsOutOfReach(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const scrolledTo = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement)
        if (/auto|scroll/.test(getComputedStyle(parent).overflowX)) return true
      return false
    }
    return [...document.body.querySelectorAll('a, button')]
      .filter((element) => {
        const style = getComputedStyle(element)
        if (style.visibility === 'hidden' || style.display === 'none') return false
        const rect = element.getBoundingClientRect()
        if (rect.width <= 1 || rect.height <= 1) return false
        return (rect.right > width + 0.5 || rect.left < -0.5) && !scrolledTo(element)
      })
      .map((element) => `${element.tagName.toLowerCase()} "${element.getAttribute('aria-label') ?? element.textContent?.trim()}"`)
  })
}

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
