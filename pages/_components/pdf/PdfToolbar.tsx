import { useRef, type Dispatch, type RefObject } from 'react'
import { canGoBack, canGoForward, canZoomIn, canZoomOut, formatZoom, stepZoom, MAX_ZOOM, MIN_ZOOM, type PdfViewerAction, type PdfViewerState } from '../../_lib/pdfViewerState.ts'
import { Icon } from '../common/Icon.tsx'
import styles from './PdfToolbar.module.scss'
import { useIslandText } from '../../_lib/text/uiText.ts'

interface PdfToolbarProps { state: PdfViewerState; dispatch: Dispatch<PdfViewerAction>; title: string; file: string }

/** Page buttons with 'Page X of Y', zoom buttons with the percentage, and the Download link. */
export function PdfToolbar({ state, dispatch, title, file }: PdfToolbarProps) {
  const { strings } = useIslandText()
  const previous = useRef<HTMLButtonElement>(null)
  const next = useRef<HTMLButtonElement>(null)
  const zoomOut = useRef<HTMLButtonElement>(null)
  const zoomIn = useRef<HTMLButtonElement>(null)
  const { pageNumber, pageCount, scale, status } = state
  const ready = status === 'loaded'

  // A focused button that turns disabled drops keyboard focus to <body>; the twin takes it first.
  const act = (button: RefObject<HTMLButtonElement | null>, twin: RefObject<HTMLButtonElement | null>, willDisable: boolean, action: PdfViewerAction) => () => {
    if (willDisable && button.current && document.activeElement === button.current) twin.current?.focus()
    dispatch(action)
  }
  const onPrevious = act(previous, next, pageNumber - 1 <= 1, { type: 'goToPage', pageNumber: pageNumber - 1 })
  const onNext = act(next, previous, pageNumber + 1 >= pageCount, { type: 'goToPage', pageNumber: pageNumber + 1 })
  const onZoomOut = act(zoomOut, zoomIn, stepZoom(scale, -1) <= MIN_ZOOM, { type: 'zoom', direction: -1 })
  const onZoomIn = act(zoomIn, zoomOut, stepZoom(scale, 1) >= MAX_ZOOM, { type: 'zoom', direction: 1 })

  return (
    <div className={styles.toolbar}>
      {status !== 'failed' && (
        // Hidden, not removed, while loading: the toolbar keeps its height and nothing jumps.
        <div className={styles.controls} data-ready={ready}>
          <div className={styles.group} role="group" aria-label={strings.text('pdfPages')}>
            <button ref={previous} type="button" className={styles.iconButton} aria-label={strings.text('pdfPreviousPage')} title={strings.text('pdfPreviousPage')} disabled={!canGoBack(state)} onClick={onPrevious}>
              <Icon name="chevronLeft" strokeWidth={2} />
            </button>
            <span className={styles.readout} aria-live="polite" aria-atomic="true">{strings.pieces('pdfPageOf', { page: pageNumber, total: pageCount || '–' })}</span>
            <button ref={next} type="button" className={styles.iconButton} aria-label={strings.text('pdfNextPage')} title={strings.text('pdfNextPage')} disabled={!canGoForward(state)} onClick={onNext}>
              <Icon name="chevronRight" strokeWidth={2} />
            </button>
          </div>
          <div className={styles.group} role="group" aria-label={strings.text('pdfZoom')}>
            <button ref={zoomOut} type="button" className={styles.iconButton} aria-label={strings.text('pdfZoomOut')} title={strings.text('pdfZoomOut')} disabled={!ready || !canZoomOut(state)} onClick={onZoomOut}>
              <Icon name="zoomOut" strokeWidth={2} />
            </button>
            <span className={`${styles.readout} ${styles.zoom}`} aria-live="polite" aria-atomic="true">
              <span className="visually-hidden">{`${strings.text('pdfZoom')} `}</span>
              {formatZoom(scale)}
            </span>
            <button ref={zoomIn} type="button" className={styles.iconButton} aria-label={strings.text('pdfZoomIn')} title={strings.text('pdfZoomIn')} disabled={!ready || !canZoomIn(state)} onClick={onZoomIn}>
              <Icon name="zoomIn" strokeWidth={2} />
            </button>
          </div>
        </div>
      )}
      <a className={styles.download} href={file} download>
        <Icon name="download" strokeWidth={2} size={18} />
        {strings.text('pdfDownload')}<span className="visually-hidden"> {title} (PDF)</span>
      </a>
    </div>
  )
}
