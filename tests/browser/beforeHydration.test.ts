import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useServedSite } from '../support/browser.ts'
import { centredSlide } from '../support/pageHelpers.ts'

// A page shows its controls from the first paint, but React takes them over only later: an island
// when it is due, the blog once its scripts have loaded. An input that comes before or while React
// takes over must be neither lost nor inverted, and an island must start from what the page shows
// (pages/_lib/islands/earlyScript.ts, takeEarlyClick in pages/_lib/islands/island.tsx).

const site = useServedSite()
const THEME_KEY = 'kubeguard-theme'
const POST = 'blog/introducing-ai-agents-that-secure-kubernetes/'
const phone = { viewport: { width: 390, height: 844 } }
/** A test of many loads in a row: about 2 s a load of the home page, more while another file runs beside it. */
const LOADS_TIMEOUT = 180_000

const themeOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme)

/**
 * Waits for the page's first contentful paint: chromium drops input that comes before a page has
 * painted (a visitor cannot click what is not shown yet), so a click right after the response
 * starts, on a loaded machine, was lost now and then (the carousel's dot: 4 loads in 70 with three busy loops beside, 0 in 100 once painted).
 */
const painted = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        new PerformanceObserver((list, observer) => {
          if (!list.getEntriesByName('first-contentful-paint').length) return
          observer.disconnect()
          resolve()
        }).observe({ type: 'paint', buffered: true }),
      ),
  )

/** Waits until React has taken the page's `island` over (on the blog: the whole page) and replayed what it had to. */
async function live(page: Page, island: string): Promise<void> {
  if (page.url().includes('/blog/')) await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  else await page.locator(`kube-island[data-name="${island}"][data-hydrated]`).waitFor({ state: 'attached' })
}

/** Holds every script of the context back until `release()`: the page shows, and no script of ours has run. */
async function holdScripts(context: BrowserContext): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await context.route(/\.m?js$/, async (route) => {
    await released
    await route.continue()
  })
  return release
}

describe('the theme toggle on a return visit', () => {
  it.each(['', 'pricing/', 'blog/', POST])('/%s: 20 loads in a row, each clicked as soon as it shows, switch the theme every time', async (path) => {
    const { page, errors, context } = await site.open()
    await page.goto(site.url + path)
    await page.evaluate((key) => localStorage.setItem(key, 'light'), THEME_KEY)
    // Each load is a return visit with the theme the click before stored: light, dark, light ...
    const switches: string[] = []
    let stored = 'light'
    for (let load = 0; load < 20; load++) {
      // The pointer comes in from elsewhere, as a visitor's does: its touch wakes the island.
      await page.mouse.move(0, 0)
      await page.reload({ waitUntil: 'commit' })
      await painted(page)
      await page.getByRole('button', { name: 'Dark theme' }).click()
      await live(page, 'ThemeToggle')
      const shown = (await themeOf(page))!
      switches.push(`${stored}→${shown}`)
      await expect.poll(() => page.getByRole('button', { name: 'Dark theme' }).getAttribute('aria-pressed')).toBe(String(shown === 'dark'))
      stored = shown
    }
    expect(switches).toEqual(Array.from({ length: 20 }, (_, load) => (load % 2 ? 'dark→light' : 'light→dark')))
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)).toBe(stored)
    expect(errors).toEqual([])
    await context.close()
  }, LOADS_TIMEOUT)

  it.each(['', 'blog/'])('/%s: switches on a click before any script has run, and stays so once live', async (path) => {
    const { page, errors, context } = await site.open()
    await context.addInitScript((key) => localStorage.setItem(key, 'light'), THEME_KEY)
    const release = await holdScripts(context)
    await page.goto(site.url + path, { waitUntil: 'commit' })
    await painted(page)
    await page.getByRole('button', { name: 'Dark theme' }).click()
    expect(await themeOf(page)).toBe('dark')
    release()
    await live(page, 'ThemeToggle')
    expect(await themeOf(page)).toBe('dark')
    await expect.poll(() => page.getByRole('button', { name: 'Dark theme' }).getAttribute('aria-pressed')).toBe('true')
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('a menu opened before React took it over', () => {
  it('/ at phone size: 10 loads in a row, the mobile menu clicked as soon as it shows, open every time', async () => {
    const { page, errors, context } = await site.open(phone)
    await page.goto(site.url, { waitUntil: 'commit' })
    const open: boolean[] = []
    for (let load = 0; load < 10; load++) {
      await page.mouse.move(0, 0)
      if (load > 0) await page.reload({ waitUntil: 'commit' })
      await painted(page)
      await page.getByRole('button', { name: 'Open menu' }).click()
      await live(page, 'MobileMenu')
      open.push(await page.getByRole('navigation', { name: 'Mobile' }).isVisible())
    }
    expect(open).toEqual(Array(10).fill(true))
    expect(errors).toEqual([])
    await context.close()
  }, LOADS_TIMEOUT)

  it.each(['', 'blog/'])('/%s at phone size: the mobile menu clicked before any script has run opens once live', async (path) => {
    const { page, errors, context } = await site.open(phone)
    const release = await holdScripts(context)
    await page.goto(site.url + path, { waitUntil: 'commit' })
    await painted(page)
    await page.getByRole('button', { name: 'Open menu' }).click()
    release()
    await live(page, 'MobileMenu')
    const button = page.getByRole('button', { name: 'Close menu' })
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true')
    await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Pricing', exact: true }).isVisible()).resolves.toBe(true)
    // Once, not twice: the next click closes it.
    await button.click()
    await expect.poll(() => page.getByRole('navigation', { name: 'Mobile' }).isVisible()).toBe(false)
    expect(errors).toEqual([])
    await context.close()
  })

  it.each([
    ['', 'clicked'],
    ['blog/', 'clicked'],
    ['', 'hovered'],
    ['blog/', 'hovered'],
  ] as const)('/%s: the Platform menu %s before any script has run opens once live', async (path, how) => {
    const { page, errors, context } = await site.open()
    const release = await holdScripts(context)
    await page.goto(site.url + path, { waitUntil: 'commit' })
    await painted(page)
    const trigger = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Platform' })
    await (how === 'clicked' ? trigger.click() : trigger.hover())
    release()
    await live(page, 'PlatformMenu')
    // Hovered, it opens after its delay, as for a pointer that comes in once it is live.
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true')
    await expect(page.getByRole('link', { name: /^Risk Assessment/ }).first().isVisible()).resolves.toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('the carousel before embla took it over', () => {
  const carousel = (page: Page) => page.locator('[aria-roledescription="carousel"]')
  const currentDot = (page: Page) => carousel(page).locator('[aria-current="true"]').getAttribute('aria-label')

  /** Waits until the list has stopped scrolling (the same position over several frames). */
  const listStopped = (page: Page) =>
    carousel(page)
      .locator('[tabindex="0"]')
      .evaluate(
        (list) =>
          new Promise<void>((resolve) => {
            let last = -1
            let still = 0
            const frame = () => {
              still = list.scrollLeft === last ? still + 1 : 0
              last = list.scrollLeft
              if (still >= 10) resolve()
              else requestAnimationFrame(frame)
            }
            requestAnimationFrame(frame)
          }),
      )

  it('starts on the slide the list was scrolled to', async () => {
    const { page, errors, context } = await site.open()
    const release = await holdScripts(context)
    await page.goto(site.url, { waitUntil: 'commit' })
    await painted(page)
    await carousel(page).scrollIntoViewIfNeeded()
    const list = carousel(page).locator('[tabindex="0"]')
    const box = (await list.boundingBox())!
    const third = (await carousel(page).getByRole('group', { name: '3 of 4' }).boundingBox())!
    // A sideways swipe that brings the third slide to the middle, where the list snaps.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3)
    await page.mouse.wheel(third.x + third.width / 2 - (box.x + box.width / 2), 0)
    await expect.poll(() => list.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0)
    await listStopped(page)
    expect(await centredSlide(page)).toBe('3 of 4')
    release()
    await live(page, 'Carousel')
    await expect.poll(() => currentDot(page)).toBe('Go to slide 3')
    expect(await centredSlide(page)).toBe('3 of 4')
    expect(errors).toEqual([])
    await context.close()
  })

  it('goes to the slide of a dot clicked before', async () => {
    const { page, errors, context } = await site.open()
    const release = await holdScripts(context)
    // The clicks the dot gets: the visitor's, then the island's replay of it (takeEarlyClick).
    await context.addInitScript(() => {
      const counted = window as unknown as { dotClicks: number }
      counted.dotClicks = 0
      document.addEventListener('click', (event) => void (event.target instanceof Element && event.target.closest('[aria-label="Go to slide 3"]') && counted.dotClicks++), true)
    })
    await page.goto(site.url, { waitUntil: 'commit' })
    await painted(page)
    // The dot is a screen down: a click right after the page scrolled to it may reach no element of
    // the page at all (2 in 60 under load: the dot, the document and the early script heard
    // nothing), and the visitor clicks again. Clicked until the early script has noted a click on it.
    const noted = () =>
      page.locator('kube-island[data-name="Carousel"]').evaluate((island) => {
        const target = (island as HTMLElement).kubeClick?.target
        return target instanceof Element && target.closest('[aria-label="Go to slide 3"]') !== null
      })
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Go to slide 3' }).click()
        return noted()
      })
      .toBe(true)
    release()
    await live(page, 'Carousel')
    // The one click noted, and the island's replay of it: no other.
    const shown = async () => ({ dot: await currentDot(page), clicks: await page.evaluate(() => (window as unknown as { dotClicks: number }).dotClicks) })
    await expect.poll(shown).toEqual({ dot: 'Go to slide 3', clicks: 2 })
    await expect.poll(() => centredSlide(page)).toBe('3 of 4')
    expect(errors).toEqual([])
    await context.close()
  })
})
