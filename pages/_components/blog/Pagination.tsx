import { pageNumbers } from '../../_lib/blog/pageNumbers.ts'
import { listPageUrl } from '../../_lib/urls/urls.ts'
import { InPlaceLink } from '../common/InPlaceLink.tsx'
import { ALONG_THE_LINE } from '../common/Icon.tsx'
import styles from './Pagination.module.scss'
import { useSiteText } from '../../_lib/text/siteText.ts'
import { usePageHref } from '../../_lib/locales/pageLocale.ts'

export interface PaginationProps {
  /** The page shown, 1-based. */
  current: number
  total: number
  /** Where the list starts: /blog/, or a tag's or an author's list. Default: /blog/. */
  root?: string
}

const Chevron = ({ back = false }: { back?: boolean }) => (
  <svg className={`icon ${ALONG_THE_LINE}`} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d={back ? 'M10 3.5L5.5 8l4.5 4.5' : 'M6 3.5L10.5 8 6 12.5'} /></svg>
)

/** Previous, page numbers and Next of a list of posts (SPEC §4): real links to prerendered pages, opened in place. None for one page. */
export function Pagination({ current, total, root = '/blog/' }: PaginationProps) {
  const pageHref = usePageHref()
  const { blog: blogText, lang } = useSiteText()
  if (total <= 1) return null
  const href = (page: number) => pageHref(listPageUrl(root, page))
  const step = (page: number, label: string, enabled: boolean, back: boolean) => {
    const text = <span className={styles.stepLabel} {...lang(back ? 'previous' : 'next')}>{label}</span>
    const content = (
      <>
        {back && <Chevron back />}
        {text}
        {!back && <Chevron />}
      </>
    )
    return enabled ? (
      <InPlaceLink href={href(page)} rel={back ? 'prev' : 'next'} className={`${styles.item} ${styles.step}`}>{content}</InPlaceLink>
    ) : (
      // A link with nowhere to go: announced as a dimmed link, not focusable, not clickable.
      <a role="link" aria-disabled="true" className={`${styles.item} ${styles.step} ${styles.disabled}`}>{content}</a>
    )
  }
  return (
    <nav aria-label={blogText.pagesLabel} className={styles.pagination}>
      <ul className={styles.list}>
        <li>{step(current - 1, blogText.previous, current > 1, true)}</li>
        {pageNumbers(current, total).map((entry, index) =>
          entry === 'ellipsis' ? (
            <li key={`ellipsis-${index}`} className={styles.ellipsis} aria-hidden="true">…</li>
          ) : (
            <li key={entry}>
              <InPlaceLink
                href={href(entry)}
                aria-current={entry === current ? 'page' : undefined}
                className={entry === current ? `${styles.item} ${styles.current}` : styles.item}
              >
                {entry}
              </InPlaceLink>
            </li>
          ),
        )}
        <li>{step(current + 1, blogText.next, current < total, false)}</li>
      </ul>
    </nav>
  )
}
