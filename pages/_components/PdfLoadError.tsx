import { Icon } from './Icon.tsx'
import styles from './PdfLoadError.module.scss'

/** The block shown when the PDF cannot be loaded (SPEC §8): an icon, what happened, and the download. */
export function PdfLoadError({ file }: { file: string }) {
  return (
    <div className={styles.failed}>
      <span className={styles.icon}>
        <Icon name="document" strokeWidth={2} size={32} />
      </span>
      <h2>Failed to load PDF</h2>
      <p>There was an error loading the PDF. Please try downloading it instead.</p>
      <a className={styles.button} href={file} download>
        <Icon name="download" strokeWidth={2} size={18} />
        Download PDF
      </a>
    </div>
  )
}
