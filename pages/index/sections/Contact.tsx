import { contact as contactByLocale, links } from 'virtual:kube-site/config'
import { useLocalized } from '../../_lib/locales/pageLocale.ts'
import { Icon } from '../../_components/common/Icon.tsx'
import { Section } from '../../_components/marketing/Section.tsx'
import { SiteLink } from '../../_components/common/SiteLink.tsx'
import { InLanguage } from '../../_components/common/InLanguage.tsx'
import { STAGGER_CARD } from '../../_lib/constants.ts'
import { cx } from '../../_lib/cx.ts'
import { stagger } from '../../_lib/browser/reveal.ts'
import { langOf } from '../../_lib/text/textLanguage.ts'
import styles from './Contact.module.scss'

/** Contact (#contact): no form; the email as text, a demo booking link and the operator's repository. */
export function Contact() {
  const contact = useLocalized(contactByLocale)
  return (
    <Section id="contact" copy={contact} tone="muted">
      <div className={cx(styles.panel, 'reveal-item')} {...stagger(1, STAGGER_CARD)}>
        <div className={styles.email}>
          <span className={styles.icon}><Icon name="mail" size={22} /></span>
          <div>
            <h3 className={styles.label} {...langOf(contact, 'emailLabel')}>{contact.emailLabel}</h3>
            {/* Shown as text, not a mailto: link (SPEC §2). */}
            <p className={styles.address}>{contact.email}</p>
          </div>
        </div>
        <div className={styles.actions}>
          <SiteLink href={links.demo} className={styles.primary}>
            <Icon name="calendar" size={18} />
            <InLanguage language={langOf(contact, 'scheduleLabel')}>{contact.scheduleLabel}</InLanguage>
          </SiteLink>
          <SiteLink href={links.github} className={styles.secondary}>
            <Icon name="github" size={18} />
            <InLanguage language={langOf(contact, 'githubLabel')}>{contact.githubLabel}</InLanguage>
          </SiteLink>
        </div>
      </div>
    </Section>
  )
}
