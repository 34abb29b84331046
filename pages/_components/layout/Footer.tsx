import { brand as brandByLocale, footer as footerByLocale, hero as heroByLocale, links } from 'virtual:kube-site/config'
import { useLocalized } from '../../_lib/locales/pageLocale.ts'
import styles from './Footer.module.scss'
import { Logo } from './Logo.tsx'
import { SiteLink } from '../common/SiteLink.tsx'
import { InLanguage } from '../common/InLanguage.tsx'
import SocialLinks from '../../_islands/SocialLinks.tsx'
import { useSiteText } from '../../_lib/text/siteText.ts'
import { langOf } from '../../_lib/text/textLanguage.ts'

/** The site footer: logo, tagline and status, link columns, socials and copyright. */
export function Footer() {
  const brand = useLocalized(brandByLocale)
  const footer = useLocalized(footerByLocale)
  const hero = useLocalized(heroByLocale)
  const { ui } = useSiteText()
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo />
          <p className={styles.tagline} {...langOf(hero, 'tagline')}>{hero.tagline}</p>
          <p className={styles.status}>
            <span className={styles.dot} aria-hidden="true" />
            <InLanguage language={langOf(footer, 'status')}>{footer.status}</InLanguage>
          </p>
        </div>
        {footer.columns.map((column) => (
          <nav key={column.title} aria-label={column.title} className={styles.column}>
            <h2 className={styles.heading} {...langOf(column, 'title')}>{column.title}</h2>
            <ul className={styles.links}>
              {column.links.map((link) => (
                <li key={link.href}>
                  <SiteLink href={link.href} className={styles.link}><InLanguage language={langOf(link, 'label')}>{link.label}</InLanguage></SiteLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className={styles.bottom}>
        <p className={styles.copyright}>{`© ${footer.copyrightYear} ${brand.name}`}</p>
        <SocialLinks label={ui.social} socials={links.socials} />
      </div>
    </footer>
  )
}
