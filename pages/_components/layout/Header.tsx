import { nav as navByLocale } from 'virtual:kube-site/config'
import { useLocalized } from '../../_lib/locales/pageLocale.ts'
import { isExternal } from '../../_lib/urls/href.ts'
import { useLanguageLinks } from '../../_lib/locales/useLanguageLinks.ts'
import styles from './Header.module.scss'
import { Icon } from '../common/Icon.tsx'
import { LanguageSwitcher } from './LanguageSwitcher.tsx'
import { Logo } from './Logo.tsx'
import { SiteLink } from '../common/SiteLink.tsx'
import { InLanguage } from '../common/InLanguage.tsx'
import MobileMenu from '../../_islands/MobileMenu.tsx'
import PlatformMenu from '../../_islands/PlatformMenu.tsx'
import ThemeToggle from '../../_islands/ThemeToggle.tsx'
import { useSiteText } from '../../_lib/text/siteText.ts'
import { keepMarks, langOf } from '../../_lib/text/textLanguage.ts'

/** The fixed site header: logo, Platform menu, section links, language switcher, theme toggle, Sign In and the mobile menu. */
export function Header() {
  const nav = useLocalized(navByLocale)
  const { ui } = useSiteText()
  // None with one language; each in a slot the header has anyway: useId numbers by place, so such a site keeps its ids.
  const languages = useLanguageLinks()
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Logo />
        <nav aria-label={ui.mainNav} className={styles.nav}>
          <ul className={styles.list}>
            <li><PlatformMenu nav={keepMarks(nav, { platformLabel: nav.platformLabel, platform: nav.platform })} /></li>
            {nav.links.map((link) => (
              <li key={link.href}>
                <SiteLink href={link.href} className={styles.link}>
                  <InLanguage language={langOf(link, 'label')}>{link.label}</InLanguage>
                  {isExternal(link.href) && <Icon name="external" size={14} className={styles.external} />}
                </SiteLink>
              </li>
            ))}
            {/* Sign In is in the bar; this one shows only in the navigation opened as the mobile
                menu without JavaScript (Header.module.scss), where the bar has no room for it. */}
            <li className={styles.menuSignIn}>
              <SiteLink href={nav.signIn.href} className={styles.link}>
                <InLanguage language={langOf(nav.signIn, 'label')}>{nav.signIn.label}</InLanguage>
              </SiteLink>
              {languages.length > 0 && <LanguageSwitcher links={languages} variant="list" />}
            </li>
          </ul>
        </nav>
        <div className={styles.actions}>
          {languages.length > 0 ? (
            <>
              <LanguageSwitcher links={languages} variant="menu" />
              <ThemeToggle />
            </>
          ) : <ThemeToggle />}
          <SiteLink href={nav.signIn.href} className={styles.signIn}>
            <InLanguage language={langOf(nav.signIn, 'label')}>{nav.signIn.label}</InLanguage>
          </SiteLink>
          <MobileMenu nav={nav} languages={languages.length > 0 ? languages : undefined} />
        </div>
      </div>
    </header>
  )
}
