import { REVEAL_THRESHOLD } from '../constants.ts'

// Sections fade and slide in once, when first shown (SPEC §4): the server writes `data-reveal` (its threshold, or
// empty), CSS hides `.reveal-item`s only under html.js, and this script, not React, adds `is-visible` (styles/_reveal.scss).

/** The attribute that makes an element reveal once `threshold` of it is visible. */
export const revealAttribute = (threshold = REVEAL_THRESHOLD): { 'data-reveal': string } => ({ 'data-reveal': threshold === REVEAL_THRESHOLD ? '' : String(threshold) })

/** Reveals each [data-reveal] element the first time enough of it shows; resolves once each was looked at (the first screen is fading in). */
export function revealOnSight(): Promise<void> {
  const elements = document.querySelectorAll<HTMLElement>('[data-reveal]')
  const reveal = (element: Element) => element.classList.add('is-visible')
  document.documentElement.dataset.revealing = ''
  if (typeof IntersectionObserver === 'undefined') return Promise.resolve(elements.forEach(reveal))
  const firstLooks: Promise<void>[] = []
  for (const element of elements) {
    const threshold = Number(element.dataset.reveal) || REVEAL_THRESHOLD
    // An element taller than the window may never show `threshold` of itself: then filling half the window is enough.
    const height = element.getBoundingClientRect().height
    const ratio = height > 0 ? Math.min(threshold, (window.innerHeight * 0.5) / height) : threshold
    // An observer reports every element once as soon as it starts, seen or not.
    let looked: () => void
    firstLooks.push(new Promise((resolve) => (looked = resolve)))
    const observer = new IntersectionObserver(
      (entries) => {
        looked()
        if (!entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= ratio)) return
        reveal(element)
        observer.disconnect()
      },
      { threshold: ratio },
    )
    observer.observe(element)
  }
  return Promise.all(firstLooks).then(() => undefined)
}

/** The longest stagger delay; styles/_reveal.scss has a rule for every multiple of REVEAL_DELAY_UNIT up to it. */
export const REVEAL_DELAY_MAX = 2000
export const REVEAL_DELAY_UNIT = 50

/** The transition delay of the `index`-th staggered item, as an attribute styles/_reveal.scss matches (the policy blocks style attributes). */
export const stagger = (index: number, step: number): { 'data-reveal-delay': number } => ({
  'data-reveal-delay': Math.min(Math.round((index * step) / REVEAL_DELAY_UNIT) * REVEAL_DELAY_UNIT, REVEAL_DELAY_MAX),
})
