import { architecture as sectionByLocale } from 'virtual:kube-site/config'
import { useLocalized } from '../../_lib/locales/pageLocale.ts'
import { Icon } from '../../_components/common/Icon.tsx'
import { Section } from '../../_components/marketing/Section.tsx'
import { STAGGER_ARCHITECTURE } from '../../_lib/constants.ts'
import { cx } from '../../_lib/cx.ts'
import { stagger } from '../../_lib/browser/reveal.ts'
import { langOf } from '../../_lib/text/textLanguage.ts'
import styles from './Architecture.module.scss'

/** Architecture (#architecture): the numbered list of building blocks. */
export function Architecture() {
  const section = useLocalized(sectionByLocale)
  return (
    <Section id="architecture" copy={section} tone="muted">
      <ol className={styles.items}>
        {section.items.map((item, index) => (
          <li key={item.title} className={cx(styles.item, 'reveal-item')} {...stagger(index + 1, STAGGER_ARCHITECTURE)}>
            <div className={styles.top}>
              <span className={styles.icon}><Icon name={item.icon} size={20} /></span>
              <span className={styles.step} aria-hidden="true">{String(index + 1).padStart(2, '0')}</span>
            </div>
            <h3 className={styles.title} {...langOf(item, 'title')}>{item.title}</h3>
            <p className={styles.description} {...langOf(item, 'description')}>{item.description}</p>
          </li>
        ))}
      </ol>
    </Section>
  )
}
