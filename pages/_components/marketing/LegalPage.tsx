import type { SiteConfig } from '../../../cli/content/types.ts'
import { withBase } from '../../_lib/urls/href.ts'
import { HOME_URL } from '../../_lib/urls/urls.ts'
import { Icon } from '../common/Icon.tsx'
import PdfViewer from '../../_islands/PdfViewer.tsx'
import { InLanguage } from '../common/InLanguage.tsx'
import styles from './LegalPage.module.scss'
import { useSiteText } from '../../_lib/text/siteText.ts'
import { usePageHref } from '../../_lib/locales/pageLocale.ts'
import { langOf } from '../../_lib/text/textLanguage.ts'

type LegalDocument = SiteConfig['legal']['privacyPolicy']

/** A legal page (SPEC §2): Back to Home, the heading, 'Last updated' and the document in a PDF viewer. */
export function LegalPage({ document, updated }: { document: LegalDocument; updated: string }) {
  const pageHref = usePageHref()
  const { strings, formatDate, lang } = useSiteText()
  const file = withBase(document.pdf)
  return (
    <article className={styles.legal}>
      <a className={styles.back} href={pageHref(HOME_URL)}>
        <Icon name="arrowLeft" strokeWidth={2} size={18} />
        <InLanguage language={lang('backToHome')}>{strings.text('backToHome')}</InLanguage>
      </a>
      <header className={styles.header}>
        <h1 {...langOf(document, 'title')}>{document.title}</h1>
        <p className={styles.updated}>
          <InLanguage language={lang('lastUpdated')}>{`${strings.text('lastUpdated')} `}</InLanguage>
          <time dateTime={updated}>{formatDate(updated)}</time>
        </p>
      </header>
      <div className={styles.card}>
        {/* Keyed by the file: a client-side move to the other legal page starts a fresh viewer. */}
        <PdfViewer key={file} title={document.title} file={file} />
      </div>
    </article>
  )
}
