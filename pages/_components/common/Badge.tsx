import type { ReactNode } from 'react'
import styles from './Badge.module.scss'

/** A small pill label, e.g. a post's tag; `warning` for a state a reader should notice (a draft). */
export function Badge({ children, tone = 'default' }: { children: ReactNode; tone?: 'default' | 'warning' }) {
  return <span className={`${styles.badge} ${tone === 'warning' ? styles.warning : ''}`.trim()}>{children}</span>
}
