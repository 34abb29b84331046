import { useEffect, useRef, useState, type FocusEvent, type PointerEvent, type ReactNode } from 'react'
import { TOOLTIP_OPEN_DELAY, TOOLTIP_SKIP_DELAY } from '../../_lib/constants.ts'
import { pointerRestsOn } from '../../_lib/browser/pointerRestsOn.ts'
import styles from './Tooltip.module.scss'

// Shared by every tooltip: moving from one to the next within the skip delay opens it at once.
let lastClosedAt = Number.NEGATIVE_INFINITY

/** A visual hint under an icon-only control after TOOLTIP_OPEN_DELAY of hover, at once on focus; hidden from assistive technology (the control has its name). */
export function Tooltip({ label, side = 'bottom', children }: { label: string; side?: 'top' | 'bottom'; children: ReactNode }) {
  const [open, setOpen] = useState(false)
  const timer = useRef<number | undefined>(undefined)
  const rootRef = useRef<HTMLSpanElement>(null)
  useEffect(() => () => window.clearTimeout(timer.current), [])

  const show = (now = false) => {
    window.clearTimeout(timer.current)
    if (now || performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY) setOpen(true)
    else timer.current = window.setTimeout(() => setOpen(true), TOOLTIP_OPEN_DELAY)
  }
  const hide = () => {
    window.clearTimeout(timer.current)
    if (open) lastClosedAt = performance.now()
    setOpen(false)
  }

  // Hovered or focused before React took it over, it shows as if React had heard it.
  useEffect(() => {
    const root = rootRef.current
    if (root?.querySelector(':focus-visible')) show(true)
    else if (root && pointerRestsOn(root)) show()
  }, [])

  return (
    <span
      ref={rootRef}
      className={styles.root}
      onPointerEnter={(event: PointerEvent) => event.pointerType === 'mouse' && show()}
      onPointerLeave={hide}
      onPointerDown={hide}
      onFocus={(event: FocusEvent) => (event.target as Element).matches(':focus-visible') && show(true)}
      onBlur={hide}
      onKeyDown={(event) => event.key === 'Escape' && hide()}
    >
      {children}
      <span className={styles.tip} data-state={open ? 'open' : 'closed'} data-side={side} aria-hidden="true">{label}</span>
    </span>
  )
}
