import { useRef, type Dispatch } from 'react'
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

  const goTo = (target: number) => dispatch({ type: 'goToPage', pageNumber: target })
  const zoom = (direction: 1 | -1) => dispatch({ type: 'zoom', direction })
  const onPrevious = () => {
    keepFocus(previous.current, next.current, pageNumber - 1 <= 1)
    goTo(pageNumber - 1)
  }
  const onNext = () => {
    keepFocus(next.current, previous.current, pageNumber + 1 >= pageCount)
    goTo(pageNumber + 1)
  }
  const onZoomOut = () => {
    keepFocus(zoomOut.current, zoomIn.current, stepZoom(scale, -1) <= MIN_ZOOM)
    zoom(-1)
  }
  const onZoomIn = () => {
    keepFocus(zoomIn.current, zoomOut.current, stepZoom(scale, 1) >= MAX_ZOOM)
    zoom(1)
  }

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

// A focused button that turns disabled drops keyboard focus to <body>; the twin takes it first.
function keepFocus(button: HTMLButtonElement | null, twin: HTMLButtonElement | null, willDisable: boolean): void {
  if (willDisable && button && document.activeElement === button) twin?.focus()
}
