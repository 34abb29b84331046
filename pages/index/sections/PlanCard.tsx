import type { SiteConfig } from '../../../cli/content/types.ts'
import { Icon } from '../../_components/common/Icon.tsx'
import { SiteLink } from '../../_components/common/SiteLink.tsx'
import { InLanguage } from '../../_components/common/InLanguage.tsx'
import { cx } from '../../_lib/cx.ts'
import { langOf } from '../../_lib/text/textLanguage.ts'
import styles from './PlanCard.module.scss'

type Plan = SiteConfig['pricing']['plans'][number]

export interface PlanCardProps {
  plan: Plan
  /** The config's pricing, whose popularLabel a popular plan shows. */
  pricing: Pick<SiteConfig['pricing'], 'popularLabel'>
  /** 3 under the home page's h2, 2 under /pricing/'s h1. */
  level: 2 | 3
}

/** One pricing plan: name, price, description, features and its button (registration or #contact). */
export function PlanCard({ plan, pricing, level }: PlanCardProps) {
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <article className={cx(styles.plan, plan.popular && styles.popular)}>
      {plan.popular && <p className={styles.badge} {...langOf(pricing, 'popularLabel')}>{pricing.popularLabel}</p>}
      <Heading className={styles.name} {...langOf(plan, 'name')}>{plan.name}</Heading>
      <p className={styles.price}>
        <span className={styles.amount} {...langOf(plan, 'price')}>{plan.price}</span>
        {plan.period && <span className={styles.period} {...langOf(plan, 'period')}>{plan.period}</span>}
      </p>
      <p className={styles.description} {...langOf(plan, 'description')}>{plan.description}</p>
      <SiteLink href={plan.href} className={plan.popular ? styles.primary : styles.secondary}>
        <InLanguage language={langOf(plan, 'cta')}>{plan.cta}</InLanguage>
      </SiteLink>
      <ul className={styles.features}>
        {plan.features.map((feature, index) => (
          <li key={feature}>
            <Icon name="tick" size={16} className={styles.tick} />
            <InLanguage language={langOf(plan.features, index)}>{feature}</InLanguage>
          </li>
        ))}
      </ul>
    </article>
  )
}
