import { useEffect, useRef, useState, type CSSProperties } from 'react'
import { REVEAL_THRESHOLD } from './constants.ts'

/**
 * Whether an element has been visible: true from the first time `threshold` of it shows, for
 * good. Put `ref` and `data-reveal` on the element and the class `is-visible` when true; its
 * `.reveal-item` children then fade in (styles/_reveal.scss). The server renders it unrevealed
 * and CSS hides it only under html.js, so without JavaScript everything shows.
 */
export function useReveal<T extends Element>(threshold = REVEAL_THRESHOLD) {
  const ref = useRef<T>(null)
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || visible) return
    if (typeof IntersectionObserver === 'undefined') return setVisible(true)
    // An element taller than the window may never show `threshold` of itself (the hero on a
    // short landscape phone): then filling half the window is enough.
    const height = element.getBoundingClientRect().height
    const ratio = height > 0 ? Math.min(threshold, (window.innerHeight * 0.5) / height) : threshold
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= ratio)) {
          setVisible(true)
          observer.disconnect()
        }
      },
      { threshold: ratio },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [threshold, visible])
  return { ref, visible }
}

/** The transition delay of the `index`-th staggered item. */
export const stagger = (index: number, step: number): CSSProperties => ({ ['--reveal-delay' as string]: `${index * step}ms` })

/** Joins class names, skipping empty ones. */
export const cx = (...names: (string | false | null | undefined)[]): string => names.filter(Boolean).join(' ')
