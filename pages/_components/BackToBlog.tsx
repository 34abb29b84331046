import { BLOG_TEXT } from '../_lib/siteText.ts'
import { withBase } from '../_lib/href.ts'
import styles from './BackToBlog.module.scss'
import { InPlaceLink } from './InPlaceLink.tsx'

/** 'Back to Blog': returns in place to the list page at `path` (without the base; a plain link without JavaScript). */
export function BackToBlog({ path, className = '' }: { path: string; className?: string }) {
  return (
    <InPlaceLink href={withBase(path)} className={`${styles.back} ${className}`.trim()}>
      <svg className="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <path d="M13 8H3M7 4L3 8l4 4" />
      </svg>
      {BLOG_TEXT.backToBlog}
    </InPlaceLink>
  )
}
