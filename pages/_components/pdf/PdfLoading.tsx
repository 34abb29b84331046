import styles from './PdfLoading.module.scss'
import { useIslandText } from '../../_lib/text/uiText.ts'

/** What the page area shows before the document is drawn: a spinner while JavaScript loads it, else the download. */
export function PdfLoading({ title, file }: { title: string; file: string }) {
  const { strings } = useIslandText()
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
