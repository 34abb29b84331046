import { useCallback, useEffect, useReducer, useState, type ComponentType } from 'react'
import { island } from '../_lib/islands/island.tsx'
import { notify } from '../_lib/browser/notify.ts'
import { initialPdfViewerState, pdfViewerReducer } from '../_lib/pdfViewerState.ts'
import type { PdfDocumentProps } from '../_components/pdf/PdfDocument.tsx'
import { PdfLoadError } from '../_components/pdf/PdfLoadError.tsx'
import { PdfLoading } from '../_components/pdf/PdfLoading.tsx'
import { PdfToolbar } from '../_components/pdf/PdfToolbar.tsx'
import styles from './PdfViewer.module.scss'
import { useIslandText } from '../_lib/text/uiText.ts'

export interface PdfViewerProps {
  /** The document's title, for 'Loading {title}...' and the success toast. */
  title: string
  /** URL of the PDF, base included. */
  file: string
}

/** The legal pages' PDF viewer: the server renders the toolbar, Download link and loading state; react-pdf, imported after hydration, draws the page. */
function PdfViewer({ title, file }: PdfViewerProps) {
  const [state, dispatch] = useReducer(pdfViewerReducer, initialPdfViewerState)
  const { strings } = useIslandText()

  const onLoadSuccess = useCallback(
    (pageCount: number) => {
      dispatch({ type: 'loaded', pageCount })
      void notify('success', strings.text('pdfLoaded', { title }))
    },
    [title, strings],
  )
  const onLoadError = useCallback((error: unknown) => {
    console.error('Failed to load PDF:', error)
    // The toast of a failed load (SPEC §8).
    void notify('error', strings.text('pdfFailedToast'))
    dispatch({ type: 'failed' })
  }, [strings])
  const Renderer = usePdfRenderer(onLoadError)

  return (
    <div className={styles.viewer}>
      <PdfToolbar state={state} dispatch={dispatch} title={title} file={file} />
      {/* Focusable so keyboard users can scroll a zoomed page; named for the landmark list. */}
      <div className={styles.pageArea} role="region" aria-label={`${title} document`} tabIndex={0}>
        {state.status === 'loading' && <PdfLoading title={title} file={file} />}
        {state.status === 'failed' && <PdfLoadError file={file} />}
        {Renderer && state.status !== 'failed' && (
          <Renderer
            file={file}
            title={title}
            pageNumber={state.pageNumber}
            pageCount={state.pageCount}
            scale={state.scale}
            onLoadSuccess={onLoadSuccess}
            onLoadError={onLoadError}
          />
        )}
      </div>
    </div>
  )
}

// Effects run only in the browser: react-pdf and pdf.js reach no server render or other page's bundle; a chunk that fails to load is a failed load.
function usePdfRenderer(onError: (error: unknown) => void): ComponentType<PdfDocumentProps> | undefined {
  const [Renderer, setRenderer] = useState<ComponentType<PdfDocumentProps>>()
  useEffect(() => {
    let current = true
    import('../_components/pdf/PdfDocument.tsx').then((module) => current && setRenderer(() => module.PdfDocument), (error: unknown) => current && onError(error))
    return () => {
      current = false
    }
  }, [onError])
  return Renderer
}

/** The legal pages' PDF viewer: hydrates at once, as it is what the page is for. */
export default island('PdfViewer', PdfViewer, 'load')
