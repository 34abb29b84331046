import type { SiteConfig } from '../../../cli/content/types.ts'
import { FeatureCard } from '../../_components/marketing/FeatureCard.tsx'
import { Section } from '../../_components/marketing/Section.tsx'
import { pictures } from 'virtual:kube-site/config'
import { ThemedImage } from '../../_components/common/ThemedImage.tsx'
import { SECTION_SIZES, picturesOf } from '../../_lib/picture.ts'
import { STAGGER_CARD } from '../../_lib/constants.ts'
import { stagger } from '../../_lib/browser/reveal.ts'
import styles from './FeatureSection.module.scss'

export interface FeatureSectionProps {
  id: string
  section: SiteConfig['networkSecurity']
  tone?: 'plain' | 'muted'
  /** Image on the left. */
  reverse?: boolean
}

/** A feature section (network security, conversational intelligence, topology map): claims as cards beside a themed image. */
export function FeatureSection({ id, section, tone, reverse }: FeatureSectionProps) {
  return (
    <Section
      id={id}
      copy={section}
      layout="split"
      tone={tone}
      reverse={reverse}
      media={<ThemedImage {...section.image} pictures={picturesOf(section.image, pictures)} sizes={SECTION_SIZES} />}
    >
      <ul className={styles.cards}>
        {section.features.map((feature, index) => <li key={feature.title} className="reveal-item" {...stagger(index + 1, STAGGER_CARD)}><FeatureCard feature={feature} /></li>)}
      </ul>
    </Section>
  )
}
