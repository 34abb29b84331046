import { brand } from 'virtual:kube-site/config'
import { UI_TEXT } from '../_lib/siteText.ts'
import styles from './Logo.module.scss'
import { SiteLink } from './SiteLink.tsx'
import { ThemedImage } from './ThemedImage.tsx'

/** The brand logo, linking to the hero (smooth scroll on the home page, /#hero elsewhere). */
export function Logo({ className }: { className?: string }) {
  return (
    <SiteLink href="#hero" className={`${styles.logo} ${className ?? ''}`.trim()}>
      <span className="visually-hidden">{UI_TEXT.homeLink(brand.name)}</span>
      <ThemedImage light={brand.logo.light} dark={brand.logo.dark} alt="" width={152} height={32} className={styles.image} lazy={false} />
    </SiteLink>
  )
}
