import { brand as brandByLocale } from 'virtual:kube-site/config'
import { useLocalized } from '../../_lib/locales/pageLocale.ts'
import styles from './Logo.module.scss'
import { SiteLink } from '../common/SiteLink.tsx'
import { ThemedImage } from '../common/ThemedImage.tsx'
import { useSiteText } from '../../_lib/text/siteText.ts'

/** The brand logo, linking to the hero (smooth scroll on the home page, /#hero elsewhere). */
export function Logo({ className }: { className?: string }) {
  const brand = useLocalized(brandByLocale)
  const { ui } = useSiteText()
  return (
    <SiteLink href="#hero" className={`${styles.logo} ${className ?? ''}`.trim()}>
      <span className="visually-hidden">{ui.homeLink(brand.name)}</span>
      <ThemedImage light={brand.logo.light} dark={brand.logo.dark} alt="" width={152} height={32} className={styles.image} lazy={false} />
    </SiteLink>
  )
}
