import { riskAssessment as section } from 'virtual:kube-site/config'
import Carousel from '../../_islands/Carousel.tsx'
import { Section } from '../../_components/Section.tsx'
import { cx } from '../../_lib/cx.ts'
import styles from './RiskAssessment.module.scss'

/** Risk assessment (#security-assessment): the four-slide carousel. */
export function RiskAssessment() {
  return (
    <Section id="security-assessment" eyebrow={section.eyebrow} title={section.title} description={section.description}>
      <div className={cx(styles.carousel, 'reveal-item')}>
        <Carousel label={section.eyebrow ?? section.title} slides={section.slides} loop={section.carousel.loop} align={section.carousel.align} />
      </div>
    </Section>
  )
}
