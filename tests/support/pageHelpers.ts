import type { Page } from 'playwright-core'
import { POST_BODY_ATTRIBUTE } from '../../pages/_lib/blog/postBodyAttribute.ts'

/**
 * Waits until the page is live: on the blog, React has hydrated it (pages/+onHydrationEnd.ts);
 * on an HTML-only page, the islands that wake at load or when idle have (pages/_lib/islands/htmlOnlyClient.ts).
 */
export async function hydrated(page: Page): Promise<void> {
  await settled(page, () => document.documentElement.dataset.hydrated === 'true', 'the page did not hydrate')
}

/**
 * Waits until `condition` holds in the page, as long as a poll waits (tests/vitest.config.ts). Not
 * an expect.poll: a concurrent test has no global expect.
 */
async function settled(page: Page, condition: () => boolean, failure: string): Promise<void> {
  await page.waitForFunction(condition, undefined, { timeout: 10_000 }).catch((error: Error) => {
    throw new Error(`${failure} within 10 s (${page.url()}): ${error.message}`)
  })
}

/**
 * Waits until the page has stopped scrolling (same position over several frames). `timeout` guards
 * against a scroll that never ends: a smooth scroll through the home page, drawn by a machine busy
 * with two builds, once took more than the 5 s it was.
 */
export async function scrollSettled(page: Page, timeout = 20_000): Promise<number> {
  return page.evaluate(
    (timeout) =>
      new Promise<number>((resolve, reject) => {
        const start = performance.now()
        let last = -1
        let still = 0
        const tick = () => {
          still = window.scrollY === last ? still + 1 : 0
          last = window.scrollY
          if (still >= 10) return resolve(last)
          if (performance.now() - start > timeout) return reject(new Error('the page kept scrolling'))
          requestAnimationFrame(tick)
        }
        requestAnimationFrame(tick)
      }),
    timeout,
  )
}

/** Does `action` and waits for the scroll it starts to end (the document's scrollend), then for the page to settle: a scroll that had not begun ten frames after the click was once taken for one that had ended. */
export async function afterScroll(page: Page, action: () => Promise<unknown>): Promise<number> {
  await page.evaluate(() => {
    const ended = new Promise<void>((resolve) => document.addEventListener('scrollend', () => resolve(), { once: true }))
    Object.assign(window, { kubeSiteScrollEnded: ended })
  })
  await action()
  await page.evaluate(() => (window as unknown as { kubeSiteScrollEnded: Promise<void> }).kubeSiteScrollEnded)
  return scrollSettled(page)
}

/** Distance from the top of the viewport to the top of the element with `id`. */
export function topOf(page: Page, id: string): Promise<number> {
  return page.evaluate((id) => document.getElementById(id)!.getBoundingClientRect().top, id)
}

/** Scrolls through the whole page so every section reveals, then back to the top, and waits for the reveals' transitions to end. */
export async function revealAll(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // A step's intersections are worked out in the next frame's rendering, and the observers'
    // callbacks run before the frame after it: a section in view at any step is revealed.
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo({ top: y, behavior: 'instant' })
      await frames()
    }
    window.scrollTo({ top: 0, behavior: 'instant' })
  })
  await settled(page, () => document.querySelectorAll('[data-reveal]:not(.is-visible)').length === 0, 'a section stayed hidden')
  await transitionsEnded(page)
}

/** Waits until every transition and finite animation running on the page has ended (the reveals' fade and stagger), before a test looks at colours. */
export function transitionsEnded(page: Page): Promise<unknown> {
  return page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

/** The label of the carousel slide nearest the middle of the carousel. */
export function centredSlide(page: Page): Promise<string> {
  return page.evaluate(() => {
    const carousel = document.querySelector('[aria-roledescription="carousel"]')!
    const box = carousel.getBoundingClientRect()
    const middle = box.left + box.width / 2
    const slides = [...carousel.querySelectorAll('[aria-roledescription="slide"]')]
    const distance = (slide: Element) => {
      const rect = slide.getBoundingClientRect()
      return Math.abs(rect.left + rect.width / 2 - middle)
    }
    slides.sort((a, b) => distance(a) - distance(b))
    return slides[0]!.getAttribute('aria-label') ?? ''
  })
}

/**
 * Elements matching `selector` that stick out of the window sideways; hidden elements, zero-size
 * boxes and 1 px visually-hidden texts take no room. body clips overflow-x, so scrollWidth alone
 * would hide them. An element is left to an ancestor below body that takes care of it: with
 * `'clips'`, one that clips or scrolls on purpose (the carousel, a code block); with `'scrolls'`,
 * only one that scrolls, for a control cut off by a rounded card is still out of reach.
 */
export function outsideWindow(page: Page, selector: string, leftTo: 'clips' | 'scrolls'): Promise<string[]> {
  return page.evaluate(
    ({ selector, leftTo }) => {
      const width = document.documentElement.clientWidth
      const takenCareOf = (overflowX: string) => (leftTo === 'clips' ? overflowX !== 'visible' : /auto|scroll/.test(overflowX))
      const leftToAncestor = (element: Element) => {
        for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement)
          if (takenCareOf(getComputedStyle(parent).overflowX)) return true
        return false
      }
      return [...document.body.querySelectorAll(selector)]
        .filter((element) => {
          const style = getComputedStyle(element)
          if (style.visibility === 'hidden' || style.display === 'none') return false
          const rect = element.getBoundingClientRect()
          if (rect.width <= 1 || rect.height <= 1) return false
          return (rect.right > width + 0.5 || rect.left < -0.5) && !leftToAncestor(element)
        })
        .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40)}"`)
    },
    { selector, leftTo },
  )
}

/**
 * The words of the elements matching `selector` that a line break splits without a hyphen: each
 * line of such a word but its last must end with '-' (or U+2010) or a soft hyphen shown as one.
 * Measured by each character's boxes (Range client rects): a soft hyphen has a box of some width
 * only where the line breaks at it. Chromium gives the character after a broken soft hyphen a
 * second box, the hyphen's, on the line before: a character's line is that of its last box.
 */
export function wordsBrokenWithoutHyphen(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const broken: string[] = []
    for (const element of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (const word of node.data.matchAll(/\S+/g)) {
          const lines: { top: number; end: string }[] = []
          for (let at = word.index; at < word.index + word[0].length; at++) {
            const range = document.createRange()
            range.setStart(node, at)
            range.setEnd(node, at + 1)
            const box = [...range.getClientRects()].filter((rect) => rect.width > 0).at(-1)
            if (!box) continue
            const line = lines.at(-1)
            if (line && box.top < line.top + box.height / 2) line.end = node.data[at]!
            else lines.push({ top: box.top, end: node.data[at]! })
          }
          if (lines.slice(0, -1).some(({ end }) => !/[-\u2010\u00AD]/.test(end))) broken.push(word[0].replaceAll('\u00AD', ''))
        }
      }
    }
    return broken
  }, selector)
}

/** Anything that sticks out of the window sideways (see outsideWindow). */
export const overflowingElements = (page: Page) => outsideWindow(page, '*', 'clips')

/**
 * A post page's body as its component was given it (the props React keeps on the element), and as
 * the page's HTML holds it (the page fetched again and parsed), both as the browser writes HTML.
 */
export function postBodies(page: Page): Promise<{ given: string | undefined; served: string | undefined }> {
  return page.evaluate(async (attribute) => {
    const element = document.querySelector(`[${attribute}]`)
    const props = element && (Object.entries(element).find(([key]) => key.startsWith('__reactProps$'))?.[1] as { dangerouslySetInnerHTML?: { __html: string } } | undefined)
    const served = new DOMParser().parseFromString(await (await fetch(location.href)).text(), 'text/html').querySelector(`[${attribute}]`)
    return { given: props?.dangerouslySetInnerHTML?.__html, served: served?.innerHTML }
  }, POST_BODY_ATTRIBUTE)
}
