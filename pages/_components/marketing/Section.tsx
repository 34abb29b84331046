import type { ReactNode } from 'react'
import { cx } from '../../_lib/cx.ts'
import { revealAttribute } from '../../_lib/browser/reveal.ts'
import { langOf } from '../../_lib/text/textLanguage.ts'
import styles from './Section.module.scss'

/** A section's texts, as a key of the config holds them. */
export interface SectionCopy { eyebrow?: string | undefined; title: string; description?: string | undefined; pageTitle?: string | undefined }

export interface SectionProps {
  /** Anchor id (fixed by the site: #pricing, #contact ...). */
  id: string
  /** The config's object of the section's texts: each is shown in its language (textLanguage.ts). */
  copy: SectionCopy
  /** Which text of `copy` is the heading ('pageTitle' when the section is a page of its own). Default: 'title'. */
  titleKey?: 'title' | 'pageTitle'
  /** h1 when the section is a page of its own (/pricing/), h2 on the home page. Default: 2. */
  level?: 1 | 2
  /** Alternating backgrounds keep long pages readable. Default: 'plain'. */
  tone?: 'plain' | 'muted'
  /** 'split' puts the heading and children beside `media`. Default: 'stacked'. */
  layout?: 'stacked' | 'split'
  /** Illustration of a split section. */
  media?: ReactNode
  /** Puts the media on the left in a split section. */
  reverse?: boolean
  /** Share visible before the section reveals. Default: REVEAL_THRESHOLD. */
  threshold?: number
  children?: ReactNode
}

/** A home-page section: anchor, reveal on first sight, eyebrow, heading and description, then its content. */
export function Section({ id, copy, titleKey = 'title', level = 2, tone = 'plain', layout = 'stacked', media, reverse, threshold, children }: SectionProps) {
  const Heading = level === 1 ? 'h1' : 'h2'
  const heading = (
    <div className={cx(styles.header, layout === 'stacked' && styles.centered, 'reveal-item')}>
      {copy.eyebrow && <p className={styles.eyebrow} {...langOf(copy, 'eyebrow')}>{copy.eyebrow}</p>}
      <Heading id={`${id}-title`} className={cx(styles.title, level === 1 && styles.pageTitle)} {...langOf(copy, titleKey)}>{copy[titleKey]}</Heading>
      {copy.description && <p className={styles.description} {...langOf(copy, 'description')}>{copy.description}</p>}
    </div>
  )
  return (
    <section id={id} {...revealAttribute(threshold)} aria-labelledby={`${id}-title`} className={cx(styles.section, styles[tone])}>
      {layout === 'split' ? (
        <div className={cx(styles.inner, styles.split, reverse && styles.reverse)}>
          <div className={styles.content}>{heading}{children}</div>
          <div className={cx(styles.media, 'reveal-item')}>{media}</div>
        </div>
      ) : <div className={styles.inner}>{heading}{children}</div>}
    </section>
  )
}
