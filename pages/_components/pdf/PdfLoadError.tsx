import { Icon } from '../common/Icon.tsx'
import styles from './PdfLoadError.module.scss'
import { useIslandText } from '../../_lib/text/uiText.ts'

/** The block shown when the PDF cannot be loaded (SPEC §8): an icon, what happened, and the download. */
export function PdfLoadError({ file }: { file: string }) {
  const { strings } = useIslandText()
  return (
    <div className={styles.failed}>
      <span className={styles.icon}><Icon name="document" strokeWidth={2} size={32} /></span>
      <h2>{strings.text('pdfFailed')}</h2>
      <p>{strings.text('pdfFailedText')}</p>
      <a className={styles.button} href={file} download><Icon name="download" strokeWidth={2} size={18} />{strings.text('pdfDownloadFile')}</a>
    </div>
  )
}
