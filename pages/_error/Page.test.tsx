import { renderToString } from 'react-dom/server'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import Page from './+Page.tsx'

// The interface strings (siteText.ts) come from the config module: English here.
vi.mock('virtual:kube-site/config', async () => (await import('../../cli/generator/bundle/configExports.ts')).configExports({ site: { language: 'en' } } as never))

// The error screen only renders in the browser, after a page failed: a prerendered build has no
// page that fails (a failing page fails the build). So +Page is rendered here with the
// pageContext vike gives it in each case; tests/browser/notFound.test.ts drives the real thing.
const pageContext = vi.hoisted(() => ({ current: {} as Record<string, unknown> }))
vi.mock('vike-react/usePageContext', () => ({ usePageContext: () => pageContext.current }))

const render = (context: Record<string, unknown>) => {
  pageContext.current = context
  // Text only: markup, scripts and React's text separators are not what a person reads.
  return renderToString(<Page />)
    .replace(/<!-- -->/g, '')
    .replace(/<script>.*?<\/script>/g, '')
    .replace(/<[^>]+>/g, '|')
    .split('|')
    .map((text) => decodeEntities(text).trim())
    .filter(Boolean)
}

const ENTITIES: Record<string, string> = { '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' }
const decodeEntities = (text: string) => text.replace(/&(quot|#x27|lt|gt|amp);/g, (entity) => ENTITIES[entity] ?? entity)

describe('the error page', () => {
  beforeEach(() => {
    pageContext.current = {}
  })

  it('is the not-found page for an unknown URL', () => {
    expect(render({ is404: true })).toEqual(['404', 'Oops! Page not found', 'Return to Home'])
  })

  it.each([
    [{ is404: false, abortStatusCode: 500 }, '500 Internal Server Error'],
    [{ is404: false, abortStatusCode: 503, abortReason: 'Back in five minutes' }, '503 Service Unavailable', 'Back in five minutes'],
    [{ is404: false, abortStatusCode: 401, abortReason: { code: 'SESSION' } }, '401 Unauthorized'],
    [{ is404: false, abortStatusCode: 429 }, '429 Too Many Requests'],
    [{ is404: false, errorWhileRendering: new Error('Cannot read properties of undefined') }, 'Cannot read properties of undefined'],
    [{ is404: false, errorWhileRendering: 'a thrown string' }, 'a thrown string'],
    [{ is404: false, errorWhileRendering: { status: 'broken' } }, '{"status":"broken"}'],
    [{ is404: false }, '500 Internal Server Error'],
  ])('shows %o as %s', (context, ...detail) => {
    expect(render(context)).toEqual(['Unexpected Application Error!', ...detail, 'Return to Home'])
  })

  it('escapes an error message instead of rendering it as HTML', () => {
    pageContext.current = { errorWhileRendering: new Error('<img src=x onerror=alert(1)>') }
    const html = renderToString(<Page />)
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(html).not.toContain('<img')
  })
})
