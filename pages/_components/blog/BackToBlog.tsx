import styles from './BackToBlog.module.scss'
import { InPlaceLink } from '../common/InPlaceLink.tsx'
import { InLanguage } from '../common/InLanguage.tsx'
import { ALONG_THE_LINE } from '../common/Icon.tsx'
import { useSiteText } from '../../_lib/text/siteText.ts'
import { usePageHref } from '../../_lib/locales/pageLocale.ts'

/** 'Back to Blog': returns in place to the list page at `path` (without the base; a plain link without JavaScript). */
export function BackToBlog({ path, className = '' }: { path: string; className?: string }) {
  const pageHref = usePageHref()
  const { blog: blogText, lang } = useSiteText()
  return (
    <InPlaceLink href={pageHref(path)} className={`${styles.back} ${className}`.trim()}>
      <svg className={`icon ${ALONG_THE_LINE}`} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M13 8H3M7 4L3 8l4 4" /></svg>
      <InLanguage language={lang('backToBlog')}>{blogText.backToBlog}</InLanguage>
    </InPlaceLink>
  )
}
