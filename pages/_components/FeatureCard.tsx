import type { CSSProperties } from 'react'
import { Icon } from './Icon.tsx'
import styles from './FeatureCard.module.scss'

/** Props of FeatureCard. */
export interface FeatureCardProps {
  icon: string
  title: string
  description: string
  /** Heading level of the title. Default: 3. */
  level?: 3 | 4
  className?: string
  style?: CSSProperties
}

/** An icon, a title and a line of description (SPEC §3 "Feature card"). */
export function FeatureCard({ icon, title, description, level = 3, className, style }: FeatureCardProps) {
  const Heading = level === 3 ? 'h3' : 'h4'
  return (
    <div className={`${styles.card} ${className ?? ''}`.trim()} style={style}>
      <span className={styles.icon}>
        <Icon name={icon} size={20} />
      </span>
      <div className={styles.body}>
        <Heading className={styles.title}>{title}</Heading>
        <p className={styles.description}>{description}</p>
      </div>
    </div>
  )
}
