import { pricing as pricingByLocale } from 'virtual:kube-site/config'
import { useLocalized } from '../../_lib/locales/pageLocale.ts'
import { Icon } from '../../_components/common/Icon.tsx'
import { Section } from '../../_components/marketing/Section.tsx'
import { STAGGER_LIST_ITEM, STAGGER_PLAN } from '../../_lib/constants.ts'
import { cx } from '../../_lib/cx.ts'
import { stagger } from '../../_lib/browser/reveal.ts'
import { langOf } from '../../_lib/text/textLanguage.ts'
import { PlanCard } from './PlanCard.tsx'
import { InLanguage } from '../../_components/common/InLanguage.tsx'
import styles from './Pricing.module.scss'

/** Pricing (#pricing): the plans, what every plan includes and what a workload is; under an h2 at home, its own h1 on /pricing/. */
export function Pricing({ asPage = false }: { asPage?: boolean }) {
  const pricing = useLocalized(pricingByLocale)
  return (
    <Section id="pricing" copy={pricing} titleKey={asPage ? 'pageTitle' : 'title'} level={asPage ? 1 : 2}>
      <ul className={styles.plans}>
        {pricing.plans.map((plan, index) => (
          <li key={plan.name} className="reveal-item" {...stagger(index + 1, STAGGER_PLAN)}><PlanCard plan={plan} pricing={pricing} level={asPage ? 2 : 3} /></li>
        ))}
      </ul>
      <div className={cx(styles.included, 'reveal-item')} {...stagger(pricing.plans.length + 1, STAGGER_PLAN)}>
        <p className={styles.includedTitle} {...langOf(pricing, 'includedLabel')}>{pricing.includedLabel}</p>
        <ul className={styles.includedList}>
          {pricing.includedInAll.map((item, index) => (
            <li key={item} className="reveal-item" {...stagger(index, STAGGER_LIST_ITEM)}>
              <Icon name="check" size={18} className={styles.check} />
              <InLanguage language={langOf(pricing.includedInAll, index)}>{item}</InLanguage>
            </li>
          ))}
        </ul>
        <p className={styles.workload}>
          <Icon name="layers" size={16} />
          <InLanguage language={langOf(pricing, 'workloadDefinition')}>{pricing.workloadDefinition}</InLanguage>
        </p>
      </div>
    </Section>
  )
}
