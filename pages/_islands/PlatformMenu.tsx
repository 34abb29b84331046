import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import type { SiteConfig } from '../../cli/content/types.ts'
import { island } from '../_lib/islands/island.tsx'
import { pointerRestsOn } from '../_lib/browser/pointerRestsOn.ts'
import { MENU_CLOSE_DELAY, MENU_OPEN_DELAY, MENU_SKIP_DELAY } from '../_lib/constants.ts'
import { Icon } from '../_components/common/Icon.tsx'
import styles from './PlatformMenu.module.scss'
import { PlatformEntry } from '../_components/marketing/PlatformEntry.tsx'
import { SiteLink } from '../_components/common/SiteLink.tsx'
import { InLanguage } from '../_components/common/InLanguage.tsx'
import { langOf } from '../_lib/text/textLanguage.ts'

/** The navigation's Platform label and entries, each text in its language (textLanguage.ts). */
type PlatformNav = Pick<SiteConfig['nav'], 'platformLabel' | 'platform'>

/** The header's Platform dropdown: opens on hover after MENU_OPEN_DELAY (at once within MENU_SKIP_DELAY), closes MENU_CLOSE_DELAY after; click, keyboard, Escape. */
function PlatformMenu({ nav }: { nav: PlatformNav }) {
  const [open, setOpen] = useState(false)
  const [opened, setOpened] = useState(false)
  if (open && !opened) setOpened(true)
  // A menu opened by hover closes when the pointer leaves; one opened by click stays.
  const openedBy = useRef<'hover' | 'click'>('click')
  const timer = useRef<number | undefined>(undefined)
  const closedAt = useRef(Number.NEGATIVE_INFINITY)
  const focusFirst = useRef(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()

  const cancel = () => window.clearTimeout(timer.current)
  const show = (by: 'hover' | 'click') => {
    cancel()
    openedBy.current = by
    setOpen(true)
  }
  const hide = (returnFocus = false) => {
    cancel()
    setOpen(false)
    closedAt.current = performance.now()
    if (returnFocus) triggerRef.current?.focus()
  }

  useEffect(() => cancel, [])
  useEffect(() => {
    if (!open) return
    if (focusFirst.current) panelRef.current?.querySelector('a')?.focus()
    focusFirst.current = false
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) hide()
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const enter = () => {
    cancel()
    if (open) return
    if (performance.now() - closedAt.current < MENU_SKIP_DELAY) show('hover')
    else timer.current = window.setTimeout(() => show('hover'), MENU_OPEN_DELAY)
  }
  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') enter()
  }
  // A mouse that came in before React took the menu over opens it as one coming in now.
  useEffect(() => {
    if (rootRef.current && pointerRestsOn(rootRef.current)) enter()
  }, [])
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return
    cancel()
    if (open && openedBy.current === 'hover') timer.current = window.setTimeout(() => hide(), MENU_CLOSE_DELAY)
  }
  const onTriggerClick = () => {
    if (!open) show('click')
    else if (openedBy.current === 'hover') openedBy.current = 'click'
    else hide()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const entries = [...(panelRef.current?.querySelectorAll('a') ?? [])]
    const index = entries.indexOf(document.activeElement as HTMLAnchorElement)
    const focusAt = (next: number) => entries[(next + entries.length) % entries.length]?.focus()
    if (event.key === 'Escape' && open) hide(true)
    else if (event.key === 'ArrowDown' && !open) {
      focusFirst.current = true
      show('click')
    } else if (event.key === 'ArrowDown' && open) focusAt(index + 1)
    else if (event.key === 'ArrowUp' && open) focusAt(index < 0 ? -1 : index - 1)
    else if (event.key === 'Home' && index >= 0) focusAt(0)
    else if (event.key === 'End' && index >= 0) focusAt(-1)
    else return
    event.preventDefault()
  }

  // `plain`: the list without JavaScript, without icons and descriptions.
  const entries = (plain: boolean) => (
    <ul className={styles.list}>
      {nav.platform.map((item) => (
        <li key={item.href}>
          <SiteLink href={item.href} className={styles.item} onClick={plain ? undefined : () => hide()}>
            {plain ? <InLanguage language={langOf(item, 'label')}>{item.label}</InLanguage> : <PlatformEntry item={item} />}
          </SiteLink>
        </li>
      ))}
    </ul>
  )

  return (
    <div
      ref={rootRef}
      className={styles.root}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) hide()
      }}
    >
      <button ref={triggerRef} type="button" className={styles.trigger} aria-expanded={open} aria-controls={panelId} onClick={onTriggerClick}>
        <InLanguage language={langOf(nav, 'platformLabel')}>{nav.platformLabel}</InLanguage>
        <Icon name="chevronDown" size={16} className={styles.chevron} />
      </button>
      {/* The entries are rendered once the menu first opens (and kept for its closing fade): every
          page's HTML would otherwise carry them. Without JavaScript the same links, without icons
          and descriptions, open on hover and focus (PlatformMenu.module.scss). */}
      <div ref={panelRef} id={panelId} className={styles.panel} data-state={open ? 'open' : 'closed'}>{opened ? entries(false) : <noscript>{entries(true)}</noscript>}</div>
    </div>
  )
}

/** The header's Platform dropdown: hydrates when the browser is idle. */
export default island('PlatformMenu', PlatformMenu, 'idle')
