import styles from './PdfLoading.module.scss'

/**
 * What the page area shows before the document is drawn: a spinner with 'Loading {title}...'
 * while JavaScript loads it, or, in a browser without JavaScript, the download.
 */
export function PdfLoading({ title, file }: { title: string; file: string }) {
  return (
    <div className={styles.loading}>
      <div className={styles.scripted} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        <p>Loading {title}...</p>
      </div>
      <div className={styles.noScript}>
        <p>This browser is not running JavaScript, so the document cannot be shown here.</p>
        <a className={styles.button} href={file} download>
          Download PDF
        </a>
      </div>
    </div>
  )
}
