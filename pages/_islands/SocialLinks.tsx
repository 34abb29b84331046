import type { SiteConfig } from '../../cli/content/types.ts'
import { island } from '../_lib/islands/island.tsx'
import styles from '../_components/layout/Footer.module.scss'
import { Icon } from '../_components/common/Icon.tsx'
import { SiteLink } from '../_components/common/SiteLink.tsx'
import { Tooltip } from '../_components/common/Tooltip.tsx'

/** The footer's social links, each icon with its name as a tooltip. */
function SocialLinks({ label, socials }: { label: string; socials: SiteConfig['links']['socials'] }) {
  return (
    <ul className={styles.socials} aria-label={label}>
      {socials.map((social) => (
        <li key={social.href}>
          <Tooltip label={social.label} side="top">
            <SiteLink href={social.href} className={styles.social}>
              <Icon name={social.icon} size={18} />
              <span className="visually-hidden">{social.label}</span>
            </SiteLink>
          </Tooltip>
        </li>
      ))}
    </ul>
  )
}

/** The footer's social links (their tooltips are interactive): hydrate when they near the viewport. */
export default island('SocialLinks', SocialLinks, 'visible')
