import type { CSSProperties } from 'react'
import { langOf } from '../../_lib/text/textLanguage.ts'
import { Icon } from '../common/Icon.tsx'
import styles from './FeatureCard.module.scss'

export interface FeatureCardProps {
  /** The config's feature: each text is shown in its language (textLanguage.ts). */
  feature: { icon: string; title: string; description: string }
  /** Heading level of the title. Default: 3. */
  level?: 3 | 4
  className?: string
  style?: CSSProperties
}

/** An icon, a title and a line of description (SPEC §3 "Feature card"). */
export function FeatureCard({ feature, level = 3, className, style }: FeatureCardProps) {
  const Heading = level === 3 ? 'h3' : 'h4'
  return (
    <div className={`${styles.card} ${className ?? ''}`.trim()} style={style}>
      <span className={styles.icon}><Icon name={feature.icon} size={20} /></span>
      <div className={styles.body}>
        <Heading className={styles.title} {...langOf(feature, 'title')}>{feature.title}</Heading>
        <p className={styles.description} {...langOf(feature, 'description')}>{feature.description}</p>
      </div>
    </div>
  )
}
