import styles from './PdfLoading.module.scss'
import { useSiteText } from '../../_lib/text/siteText.ts'

/** What the page area shows before the document is drawn: a spinner while JavaScript loads it, else the download. */
export function PdfLoading({ title, file }: { title: string; file: string }) {
  const { strings } = useSiteText()
  return (
    <div className={styles.loading}>
      <div className={styles.scripted} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        <p>{strings.pieces('pdfLoading', { title })}</p>
      </div>
      <div className={styles.noScript}>
        <p>{strings.text('pdfNoScript')}</p>
        <a className={styles.button} href={file} download>{strings.text('pdfDownloadFile')}</a>
      </div>
    </div>
  )
}
