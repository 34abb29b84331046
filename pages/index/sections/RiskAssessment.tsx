import { pictures, riskAssessment as sectionByLocale } from 'virtual:kube-site/config'
import { useLocalized } from '../../_lib/locales/pageLocale.ts'
import { SECTION_SIZES, picturesOf } from '../../_lib/picture.ts'
import Carousel from '../../_islands/Carousel.tsx'
import { Section } from '../../_components/marketing/Section.tsx'
import { cx } from '../../_lib/cx.ts'
import { keepMarks } from '../../_lib/text/textLanguage.ts'
import styles from './RiskAssessment.module.scss'

/** Risk assessment (#security-assessment): the four-slide carousel. */
export function RiskAssessment() {
  const section = useLocalized(sectionByLocale)
  // Each slide carries only its own pictures into the island's props.
  const slides = section.slides.map((slide) => keepMarks(slide, { ...slide, image: { ...slide.image, pictures: picturesOf(slide.image, pictures), sizes: SECTION_SIZES } }))
  return (
    <Section id="security-assessment" copy={section}>
      <div className={cx(styles.carousel, 'reveal-item')}>
        <Carousel label={section.eyebrow ?? section.title} slides={slides} loop={section.carousel.loop} align={section.carousel.align} />
      </div>
    </Section>
  )
}
