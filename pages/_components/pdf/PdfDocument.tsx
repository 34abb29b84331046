// The part of the viewer that needs react-pdf and pdf.js: a chunk of its own (with the worker) that only the legal pages load.
import { useCallback, useEffect, useRef, useState } from 'react'
import { Document, Page, pdfjs, type DocumentProps } from 'react-pdf'
// Emitted by vite as a hashed asset of the site: the worker is never fetched from a CDN.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import styles from './PdfDocument.module.scss'

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl
// No options: since 5.7 pdf.js evaluates no code from a document (isEvalSupported is gone with it).

type PdfDocumentProxy = Parameters<NonNullable<DocumentProps['onLoadSuccess']>>[0]

export interface PdfDocumentProps {
  file: string
  title: string
  pageNumber: number
  pageCount: number
  scale: number
  onLoadSuccess: (pageCount: number) => void
  onLoadError: (error: unknown) => void
}

interface PageSize { width: number; height: number }

/** One page of the document on a canvas; 100 % fits the page area's width, up to the page's own size. */
export function PdfDocument({ file, title, pageNumber, pageCount, scale, onLoadSuccess, onLoadError }: PdfDocumentProps) {
  const frame = useRef<HTMLDivElement>(null)
  const [available, setAvailable] = useState<number>()
  const [pageSize, setPageSize] = useState<PageSize>()

  useEffect(() => {
    const element = frame.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => entry && setAvailable(Math.floor(entry.contentRect.width)))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  const handleLoad = useCallback(
    async (pdf: PdfDocumentProxy) => {
      try {
        // The first page's size fixes the scale and the space every page takes: turning a page collapses nothing.
        const { width, height } = (await pdf.getPage(1)).getViewport({ scale: 1 })
        setPageSize({ width, height })
        onLoadSuccess(pdf.numPages)
      } catch (error) {
        onLoadError(error)
      }
    },
    [onLoadSuccess, onLoadError],
  )

  const label = `${title}, page ${pageNumber} of ${pageCount}`
  // react-pdf draws a bare <canvas>: give it a role and a name for screen readers.
  const labelCanvas = useCallback(
    (canvas: HTMLCanvasElement | null) => {
      canvas?.setAttribute('role', 'img')
      canvas?.setAttribute('aria-label', label)
    },
    [label],
  )

  const fitWidth = pageSize && available ? Math.min(pageSize.width, available) : undefined
  return (
    <div ref={frame} className={styles.frame}>
      {/* suspense={false}: react-pdf 11 suspends by default and throws a failed load to an error
          boundary; the viewer has its own loading state and error block, driven by these callbacks,
          and a suspended page would hide the toolbar (and the focus on its buttons) while it draws. */}
      <Document file={file} suspense={false} onLoadSuccess={handleLoad} onLoadError={onLoadError} onSourceError={onLoadError} loading={null} error={null} noData={null}>
        {pageSize && fitWidth !== undefined && (
          <div className={styles.sheet} style={{ width: Math.floor(fitWidth * scale), height: Math.floor((fitWidth * scale * pageSize.height) / pageSize.width) }}>
            <Page
              pageNumber={pageNumber}
              width={fitWidth}
              scale={scale}
              renderTextLayer={false}
              renderAnnotationLayer={false}
              canvasRef={labelCanvas}
              loading={null}
              error={null}
              onLoadError={onLoadError}
              onRenderError={onLoadError}
            />
          </div>
        )}
      </Document>
    </div>
  )
}
