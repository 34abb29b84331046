import { describe, expect, it } from 'vitest'
import { liveContentModule, withLiveContent } from './liveContent.ts'

describe('withLiveContent', () => {
  it("adds the page's live-content script, with the version it was rendered from, at the end of its head", () => {
    const html = '<!DOCTYPE html><html><head><title>A</title></head><body><p>&lt;/head&gt;</p></body></html>'
    expect(withLiveContent(html, '/', 7)).toBe(
      '<!DOCTYPE html><html><head><title>A</title><script type="module" src="/@kube-site/live-content.js?content=7"></script>\n</head><body><p>&lt;/head&gt;</p></body></html>',
    )
  })

  it('serves it under the base, the address written as an attribute', () => {
    expect(withLiveContent('<head></head>', '/a&b/', 0)).toContain('src="/a&amp;b/@kube-site/live-content.js?content=0"')
  })

  it('leaves what has no head as it is', () => {
    expect(withLiveContent('Not found', '/', 1)).toBe('Not found')
  })
})

describe('liveContentModule', () => {
  it("imports vite's client under the base, without holding the page's load", () => {
    expect(liveContentModule('/docs/')).toMatch(/^import\("\/docs\/@vite\/client"\)\.then\(/m)
    expect(liveContentModule('/docs/')).not.toMatch(/^import\s*\{/m)
  })
})
