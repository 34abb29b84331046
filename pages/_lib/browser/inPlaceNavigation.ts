import type { MouseEvent } from 'react'
import { navigate } from 'vike/client/router'

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches

/** Scrolls to the top of the page: smoothly, or at once for readers who asked for less motion. */
export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'instant' : 'smooth' })
}

/** A plain left click: the others (new tab, new window, download) are left to the browser. */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.defaultPrevented && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
}

/** Follows a link in place (goInPlace). The link must carry data-vike="false", or vike's own click handler navigates a second time. */
export async function followInPlace(event: MouseEvent<HTMLAnchorElement>, before?: () => void): Promise<void> {
  if (!isPlainClick(event)) return
  const href = event.currentTarget.getAttribute('href')
  if (!href) return
  event.preventDefault()
  before?.()
  await goInPlace(href)
}

/** Goes to `href` (with the base) in place: no jump, a scroll to the top, focus on `focus` (the new heading, so a screen reader announces it). */
export async function goInPlace(href: string, focus = 'main h1'): Promise<void> {
  await navigate(href, { keepScrollPosition: true })
  scrollToTop()
  document.querySelector<HTMLElement>(focus)?.focus({ preventScroll: true })
}
