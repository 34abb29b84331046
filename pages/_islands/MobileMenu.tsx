import { useEffect, useId, useRef, useState } from 'react'
import type { SiteConfig } from '../../cli/content/types.ts'
import { island } from '../_lib/islands/island.tsx'
import { Icon } from '../_components/common/Icon.tsx'
import styles from './MobileMenu.module.scss'
import { PlatformEntry } from '../_components/marketing/PlatformEntry.tsx'
import { SiteLink } from '../_components/common/SiteLink.tsx'
import { InLanguage } from '../_components/common/InLanguage.tsx'
import { useIslandText } from '../_lib/text/uiText.ts'
import { LanguageSwitcher } from '../_components/layout/LanguageSwitcher.tsx'
import type { LanguageLink } from '../_lib/locales/languageLinks.ts'
import { langOf } from '../_lib/text/textLanguage.ts'

// Same value as the md breakpoint in styles/_tokens.scss: above it the desktop navigation shows.
const DESKTOP_QUERY = '(min-width: 768px)'

/** Props of MobileMenu: the navigation, and the language switcher's entries on a site of several languages. */
interface MobileMenuProps { nav: SiteConfig['nav']; languages?: LanguageLink[] | undefined }

/** Below the md breakpoint: a menu button and a panel with every entry of the desktop navigation, and the site's languages. */
function MobileMenu({ nav, languages }: MobileMenuProps) {
  const { ui } = useIslandText()
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const close = () => setOpen(false)

  useEffect(() => {
    if (!open) return
    const desktop = window.matchMedia(DESKTOP_QUERY)
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      buttonRef.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    desktop.addEventListener('change', close)
    return () => {
      document.removeEventListener('keydown', onKey)
      desktop.removeEventListener('change', close)
    }
  }, [open])

  return (
    <div className={styles.root}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        data-menu-button=""
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? ui.closeMenu : ui.openMenu}
        onClick={() => setOpen(!open)}
      >
        <Icon name={open ? 'close' : 'menu'} size={20} />
      </button>
      {/* The entries exist only while the menu is open: every page's HTML would otherwise repeat
          the whole navigation a second time. Without JavaScript the header's own navigation
          opens in the panel's place while the button has focus (Header.module.scss). */}
      <nav id={panelId} className={styles.panel} data-state={open ? 'open' : 'closed'} aria-label={ui.mobileNav}>
        {open && <MenuEntries nav={nav} languages={languages} onFollow={close} />}
      </nav>
    </div>
  )
}

/** Every entry of the desktop navigation, Platform's first; the languages last. */
function MenuEntries({ nav, languages, onFollow }: MobileMenuProps & { onFollow: () => void }) {
  return (
    <>
      <p className={styles.heading} {...langOf(nav, 'platformLabel')}>{nav.platformLabel}</p>
      <ul className={styles.platform}>
        {nav.platform.map((item) => (
          <li key={item.href}><SiteLink href={item.href} className={styles.entry} onClick={onFollow}><PlatformEntry item={item} /></SiteLink></li>
        ))}
      </ul>
      <ul className={styles.links}>
        {nav.links.map((item) => (
          <li key={item.href}>
            <SiteLink href={item.href} className={styles.link} onClick={onFollow}>
              <InLanguage language={langOf(item, 'label')}>{item.label}</InLanguage>
            </SiteLink>
          </li>
        ))}
      </ul>
      <SiteLink href={nav.signIn.href} className={styles.signIn} onClick={onFollow}>
        <InLanguage language={langOf(nav.signIn, 'label')}>{nav.signIn.label}</InLanguage>
      </SiteLink>
      {languages && <LanguageSwitcher links={languages} variant="list" onFollow={onFollow} />}
    </>
  )
}

/** The header's menu below the md breakpoint: hydrates when the browser is idle. */
export default island('MobileMenu', MobileMenu, 'idle')
