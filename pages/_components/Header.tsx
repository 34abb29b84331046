import { nav as navByLocale } from 'virtual:kube-site/config'
import { useLocalized } from '../_lib/pageLocale.ts'
import { isExternal } from '../_lib/href.ts'
import styles from './Header.module.scss'
import { Icon } from './Icon.tsx'
import { Logo } from './Logo.tsx'
import { SiteLink } from './SiteLink.tsx'
import MobileMenu from '../_islands/MobileMenu.tsx'
import PlatformMenu from '../_islands/PlatformMenu.tsx'
import ThemeToggle from '../_islands/ThemeToggle.tsx'
import { useSiteText } from '../_lib/siteText.ts'

/** The fixed site header: logo, Platform menu, section links, theme toggle, Sign In and the mobile menu. */
export function Header() {
  const nav = useLocalized(navByLocale)
  const { ui } = useSiteText()
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Logo />
        <nav aria-label={ui.mainNav} className={styles.nav}>
          <ul className={styles.list}>
            <li>
              <PlatformMenu label={nav.platformLabel} items={nav.platform} />
            </li>
            {nav.links.map((link) => (
              <li key={link.href}>
                <SiteLink href={link.href} className={styles.link}>
                  {link.label}
                  {isExternal(link.href) && <Icon name="external" size={14} className={styles.external} />}
                </SiteLink>
              </li>
            ))}
            {/* Sign In is in the bar; this one shows only in the navigation opened as the mobile
                menu without JavaScript (Header.module.scss), where the bar has no room for it. */}
            <li className={styles.menuSignIn}>
              <SiteLink href={nav.signIn.href} className={styles.link}>
                {nav.signIn.label}
              </SiteLink>
            </li>
          </ul>
        </nav>
        <div className={styles.actions}>
          <ThemeToggle />
          <SiteLink href={nav.signIn.href} className={styles.signIn}>
            {nav.signIn.label}
          </SiteLink>
          <MobileMenu nav={nav} />
        </div>
      </div>
    </header>
  )
}
