import { describe, expect, it } from 'vitest'
import {
  canGoBack,
  canGoForward,
  canZoomIn,
  canZoomOut,
  clampPage,
  formatZoom,
  initialPdfViewerState,
  pdfViewerReducer,
  stepZoom,
  type PdfViewerAction,
  type PdfViewerState,
} from './pdfViewerState.ts'

const loaded = (overrides: Partial<PdfViewerState> = {}): PdfViewerState => ({ status: 'loaded', pageCount: 7, pageNumber: 1, scale: 1, ...overrides })

const run = (state: PdfViewerState, ...actions: PdfViewerAction[]) => actions.reduce(pdfViewerReducer, state)

describe('clampPage', () => {
  it.each([
    [1, 7, 1],
    [4, 7, 4],
    [7, 7, 7],
    [0, 7, 1],
    [-3, 7, 1],
    [8, 7, 7],
    [99, 7, 7],
    [2.6, 7, 3],
    [Number.NaN, 7, 1],
    [3, 0, 1],
  ])('page %s of %s is %s', (page, count, expected) => {
    expect(clampPage(page, count)).toBe(expected)
  })
})

describe('stepZoom', () => {
  it('zooms in by exactly 20 % a step up to 200 %', () => {
    const steps = [1]
    while (steps.length < 7) steps.push(stepZoom(steps.at(-1) ?? 1, 1))
    expect(steps).toEqual([1, 1.2, 1.4, 1.6, 1.8, 2, 2])
  })

  it('zooms out by 20 % a step and stops at 50 %', () => {
    const steps = [1]
    while (steps.length < 5) steps.push(stepZoom(steps.at(-1) ?? 1, -1))
    expect(steps).toEqual([1, 0.8, 0.6, 0.5, 0.5])
  })

  it.each([
    [0.5, 1, 0.7],
    [1.9, 1, 2],
    [0.6, -1, 0.5],
    [1.4000000000000001, 1, 1.6],
  ])('%s one step %s is %s', (scale, direction, expected) => {
    expect(stepZoom(scale, direction as 1 | -1)).toBe(expected)
  })
})

describe('formatZoom', () => {
  it.each([
    [1, '100%'],
    [0.5, '50%'],
    [1.4000000000000001, '140%'],
    [2, '200%'],
  ])('%s is %s', (scale, text) => {
    expect(formatZoom(scale)).toBe(text)
  })
})

describe('pdfViewerReducer', () => {
  it('starts loading on page 1 at 100 %', () => {
    expect(initialPdfViewerState).toEqual({ status: 'loading', pageCount: 0, pageNumber: 1, scale: 1 })
  })

  it('sets the page count once loaded', () => {
    expect(run(initialPdfViewerState, { type: 'loaded', pageCount: 7 })).toEqual(loaded())
  })

  it('turns pages within 1..count', () => {
    expect(run(loaded(), { type: 'goToPage', pageNumber: 2 }).pageNumber).toBe(2)
    expect(run(loaded({ pageNumber: 7 }), { type: 'goToPage', pageNumber: 8 }).pageNumber).toBe(7)
    expect(run(loaded(), { type: 'goToPage', pageNumber: 0 }).pageNumber).toBe(1)
  })

  it('ignores paging and zooming until the document has loaded', () => {
    const actions: PdfViewerAction[] = [{ type: 'goToPage', pageNumber: 3 }, { type: 'zoom', direction: 1 }]
    expect(run(initialPdfViewerState, ...actions)).toBe(initialPdfViewerState)
    expect(run(initialPdfViewerState, { type: 'failed' }, ...actions)).toEqual({ ...initialPdfViewerState, status: 'failed' })
  })

  it('zooms within 50 %..200 %', () => {
    const zoomIn: PdfViewerAction = { type: 'zoom', direction: 1 }
    expect(run(loaded(), zoomIn, zoomIn, zoomIn, zoomIn, zoomIn, zoomIn).scale).toBe(2)
    const zoomOut: PdfViewerAction = { type: 'zoom', direction: -1 }
    expect(run(loaded(), zoomOut, zoomOut, zoomOut, zoomOut).scale).toBe(0.5)
  })

  it.each([
    ['page 1', loaded(), { back: false, forward: true }],
    ['a middle page', loaded({ pageNumber: 4 }), { back: true, forward: true }],
    ['the last page', loaded({ pageNumber: 7 }), { back: true, forward: false }],
    ['a one-page document', loaded({ pageCount: 1 }), { back: false, forward: false }],
  ])('on %s, Previous and Next are enabled as %o', (_name, state, expected) => {
    expect({ back: canGoBack(state), forward: canGoForward(state) }).toEqual(expected)
  })

  it.each([
    [0.5, { out: false, in: true }],
    [1, { out: true, in: true }],
    [2, { out: true, in: false }],
  ])('at scale %s, zoom out and in are enabled as %o', (scale, expected) => {
    const state = loaded({ scale })
    expect({ out: canZoomOut(state), in: canZoomIn(state) }).toEqual(expected)
  })
})
