// The PDF viewer's state (SPEC §3, §4, §5) as a pure reducer, so every limit is tested without a browser.

/** Zoom limits and step of the viewer (SPEC §9): 50 % to 200 % in steps of 20 %, starting at 100 %. */
export const MIN_ZOOM = 0.5
export const MAX_ZOOM = 2
export const ZOOM_STEP = 0.2
export const INITIAL_ZOOM = 1

export type PdfStatus = 'loading' | 'loaded' | 'failed'

/** Where loading stands, the page count (0 until loaded), the current page (1-based) and the zoom scale. */
export interface PdfViewerState { status: PdfStatus; pageCount: number; pageNumber: number; scale: number }

export type PdfViewerAction =
  | { type: 'loaded'; pageCount: number }
  | { type: 'failed' }
  | { type: 'goToPage'; pageNumber: number }
  | { type: 'zoom'; direction: 1 | -1 }

export const initialPdfViewerState: PdfViewerState = { status: 'loading', pageCount: 0, pageNumber: 1, scale: INITIAL_ZOOM }

/** A page number kept within 1..pageCount (page 1 while nothing is loaded). */
export function clampPage(pageNumber: number, pageCount: number): number {
  if (!Number.isFinite(pageNumber)) return 1
  return Math.min(Math.max(Math.round(pageNumber), 1), Math.max(pageCount, 1))
}

/** The scale one zoom step away, within MIN_ZOOM..MAX_ZOOM. */
export function stepZoom(scale: number, direction: 1 | -1): number {
  // Counted in whole percent: adding 0.2 to a float drifts (1.2 + 0.2 = 1.4000000000000001).
  const percent = Math.round(scale * 100) + direction * Math.round(ZOOM_STEP * 100)
  return Math.min(Math.max(percent, MIN_ZOOM * 100), MAX_ZOOM * 100) / 100
}

/** The zoom as the toolbar shows it: '100%'. */
export const formatZoom = (scale: number): string => `${Math.round(scale * 100)}%`

export const canGoBack = (state: PdfViewerState): boolean => state.pageNumber > 1
export const canGoForward = (state: PdfViewerState): boolean => state.pageNumber < state.pageCount
export const canZoomOut = (state: PdfViewerState): boolean => state.scale > MIN_ZOOM
export const canZoomIn = (state: PdfViewerState): boolean => state.scale < MAX_ZOOM

/** The viewer's reducer: loading, then loaded or failed; paging and zooming once loaded. */
export function pdfViewerReducer(state: PdfViewerState, action: PdfViewerAction): PdfViewerState {
  switch (action.type) {
    case 'loaded':
      return { ...state, status: 'loaded', pageCount: action.pageCount, pageNumber: clampPage(state.pageNumber, action.pageCount) }
    case 'failed':
      return { ...state, status: 'failed', pageCount: 0, pageNumber: 1 }
    case 'goToPage':
      return state.status === 'loaded' ? { ...state, pageNumber: clampPage(action.pageNumber, state.pageCount) } : state
    case 'zoom':
      return state.status === 'loaded' ? { ...state, scale: stepZoom(state.scale, action.direction) } : state
  }
}
