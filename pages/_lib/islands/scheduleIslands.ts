// The browser side of islands (island.tsx) on HTML-only pages; no React here: it and an island's code load when due.
import { NEAR_VIEWPORT } from '../constants.ts'

/** What import.meta.glob('./_islands/*.tsx') gives: a loader per island file. */
export type IslandLoaders = Record<string, () => Promise<unknown>>

/** The island's name from its file: './_islands/ThemeToggle.tsx' → 'ThemeToggle'. */
const nameOf = (file: string) => file.slice(file.lastIndexOf('/') + 1).replace(/\.tsx$/, '')

/** Hydrates every <kube-island> of the page when due; resolves once those that wake at load or idle have (interactive above the fold). */
export function scheduleIslands(loaders: IslandLoaders, firstScreenRevealed: Promise<void> = Promise.resolve()): Promise<void> {
  const settled = whenSettled(firstScreenRevealed)
  const byName = new Map(Object.entries(loaders).map(([file, load]) => [nameOf(file), load]))
  const waited: Promise<void>[] = []
  for (const element of document.querySelectorAll<HTMLElement>('kube-island')) {
    const { name = '', hydrate } = element.dataset
    const load = byName.get(name)
    if (!load) {
      console.error(`kube-site: no island named "${name}" in pages/_islands/`)
      continue
    }
    const mount = () => import('./mountIsland.tsx').then(({ mountIsland }) => mountIsland(element, load))
    if (hydrate === 'visible') void whenNear(element, settled).then(mount)
    else waited.push(hydrate === 'idle' ? whenIdle(element, settled).then(mount) : mount())
  }
  return Promise.all(waited).then(() => undefined)
}

// A first touch, pointer or focus wakes an island before its time: the visitor is about to use it.
const WAKE_EVENTS = ['pointerover', 'touchstart', 'focusin'] as const

function whenTouched(element: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const wake = () => {
      for (const type of WAKE_EVENTS) element.removeEventListener(type, wake)
      resolve()
    }
    for (const type of WAKE_EVENTS) element.addEventListener(type, wake, { passive: true })
  })
}

// The longest the first screen's fade-ins may hold hydration back.
const SETTLE_TIMEOUT = 3000

/** Once the page has loaded and its first screen's fade-ins played (hydrating during them makes them stutter on a phone); endless animations not waited for. */
function whenSettled(firstScreenRevealed: Promise<void>): Promise<void> {
  const loaded = new Promise<void>((resolve) => (document.readyState === 'complete' ? resolve() : addEventListener('load', () => resolve(), { once: true })))
  const played = Promise.all([loaded, firstScreenRevealed]).then(() => {
    // getAnimations() brings styles up to date: the fade-ins just started are among them.
    const fadeIns = document.getAnimations().filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
    return Promise.all(fadeIns.map((animation) => animation.finished.catch(() => undefined)))
  })
  return Promise.race([played, new Promise((resolve) => setTimeout(resolve, SETTLE_TIMEOUT))]).then(() => undefined)
}

/** When the browser is first idle once the page has settled, or the island is touched first. */
function whenIdle(element: HTMLElement, settled: Promise<void>): Promise<void> {
  const idle = settled.then(
    () =>
      new Promise<void>((resolve) => {
        if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 2000 })
        else setTimeout(resolve, 200)
      }),
  )
  return Promise.race([idle, whenTouched(element)])
}

/** When the island comes within half a screen of the viewport once the page has settled, or is touched or focused first. */
function whenNear(element: HTMLElement, settled: Promise<void>): Promise<void> {
  // <kube-island> has display: contents and so no box of its own: watch what it holds.
  const boxes = [...element.children]
  const near = new Promise<void>((resolve) => {
    if (typeof IntersectionObserver === 'undefined' || boxes.length === 0) return resolve()
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        resolve()
      },
      { rootMargin: NEAR_VIEWPORT },
    )
    for (const box of boxes) observer.observe(box)
  })
  return Promise.race([Promise.all([near, settled]), whenTouched(element)]).then(() => undefined)
}
