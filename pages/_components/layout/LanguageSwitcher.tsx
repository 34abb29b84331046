import { useId } from 'react'
import { withBase } from '../../_lib/urls/href.ts'
import type { LanguageLink } from '../../_lib/locales/languageLinks.ts'
import { useIslandText } from '../../_lib/text/uiText.ts'
import { Icon } from '../common/Icon.tsx'
import styles from './LanguageSwitcher.module.scss'

export interface LanguageSwitcherProps {
  /** Its entries (useLanguageLinks): none renders nothing. */
  links: readonly LanguageLink[]
  /** 'menu': a disclosure, in the header's bar; 'list': the entries listed, in the mobile menu. */
  variant: 'menu' | 'list'
  /** Called when a link is followed (the mobile menu closes). */
  onFollow?: () => void
}

/** The site's languages by their own names, each leading to the page in it, the current one no link; a <details> works without JavaScript. */
export function LanguageSwitcher({ links, variant, onFollow }: LanguageSwitcherProps) {
  const labelId = useId()
  const { ui } = useIslandText()
  const current = links.find((link) => link.current)
  if (!current) return null
  const list = (
    <ul className={styles.list} aria-labelledby={variant === 'list' ? labelId : undefined}>
      {links.map((link) => (
        <li key={link.code}>
          {link.current ? (
            <span className={styles.current} aria-current="true" lang={link.code} dir={link.direction}>
              {link.name}
              <Icon name="check" size={16} />
            </span>
          ) : <a className={styles.link} href={withBase(link.href)} lang={link.code} hrefLang={link.code} dir={link.direction} onClick={onFollow}>{link.name}</a>}
        </li>
      ))}
    </ul>
  )
  if (variant === 'list') {
    return <div className={styles.inMenu}><p id={labelId} className={styles.heading}>{ui.language}</p>{list}</div>
  }
  // Keyed by the page: a move in place on the blog closes it, as a new page would.
  return (
    <details key={current.href} className={styles.menu}>
      <summary className={styles.summary}>
        <Icon name="globe" size={18} />
        <span className="visually-hidden">{`${ui.language}: `}</span>
        <span className={styles.name} lang={current.code} dir={current.direction}>{current.name}</span>
        <Icon name="chevronDown" size={14} className={styles.chevron} />
      </summary>
      <div className={styles.panel}>{list}</div>
    </details>
  )
}
