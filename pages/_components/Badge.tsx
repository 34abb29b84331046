import type { ReactNode } from 'react'
import styles from './Badge.module.scss'

/** A small pill label, e.g. a post's tag. */
export function Badge({ children }: { children: ReactNode }) {
  return <span className={styles.badge}>{children}</span>
}
