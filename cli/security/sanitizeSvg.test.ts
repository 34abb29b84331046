import { describe, expect, it } from 'vitest'
import { needsSanitizing, sanitizeSvg, sanitizeSvgIfNeeded } from './sanitizeSvg.ts'

const wrap = (inner: string, attributes = '') => `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attributes}>${inner}</svg>`

describe('sanitizeSvg', () => {
  it('leaves a plain SVG byte for byte as it is, without parsing it', () => {
    const plain = wrap('<defs><linearGradient id="g"><stop offset="0" stop-color="#6366f1"/></linearGradient></defs><path d="M0 0h10v10z" fill="url(#g)"/><use href="#g"/><a href="https://kubeguard.dev/">site</a>')
    expect(sanitizeSvgIfNeeded(plain)).toEqual({ svg: plain, removed: [] })
    expect(sanitizeSvg(plain)).toEqual({ svg: plain, removed: [] })
    // A drawing with gradients, a style that paints with them, and text with character references is never parsed.
    const drawing = wrap('<defs><radialGradient id="r"/></defs><style>.a{fill:url(#r)}</style><path class="a" d="M0 0" fill="url( \'#r\' )"/><text>It&#8217;s &#x2014; &amp; fine</text>')
    expect(needsSanitizing(drawing)).toBe(false)
    expect(sanitizeSvg(drawing).removed).toEqual([])
  })

  it('finds what to remove behind character references, and a stylesheet that loads from another site', () => {
    for (const svg of [
      wrap('<a href="&#106;avascript:alert(1)"><text>x</text></a>'),
      wrap('<a href="&#x6A;&#x61;vascript:alert(1)"><text>x</text></a>'),
      wrap('<style>.a{fill:url( "https://evil.example.com/p.svg#g" )}</style>'),
      wrap('<style>.a{background:url(//evil.example.com/p.png)}</style>'),
    ]) {
      expect(needsSanitizing(svg), svg).toBe(true)
      expect(sanitizeSvg(svg).removed, svg).not.toEqual([])
    }
  })

  it.each([
    [wrap('<script>alert(1)</script><path d="M0 0"/>'), ['<script>']],
    [wrap('<path d="M0 0"/>', ' onload="alert(1)"'), ['onload on <svg>']],
    [wrap('<a xlink:href="javascript:alert(1)"><text>x</text></a>'), ['a javascript: URL on <a>']],
    [wrap('<a href=" JaVaScRiPt:alert(1)"><text>x</text></a>'), ['a javascript: URL on <a>']],
    [wrap('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></div></foreignObject>'), ['<foreignObject>']],
    [wrap('<a href="#"><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a>'), ['<set attributeName="href">']],
    [wrap('<animate attributeName="onclick" values="alert(1)"/>'), ['<animate attributeName="onclick">']],
    [wrap('<image href="https://tracker.example.com/p.png" width="1" height="1"/>'), ['href="https://tracker.example.com/p.png" on <image> (loads from another site)']],
    [wrap('<use xlink:href="//evil.example.com/sprite.svg#i"/>'), ['xlink:href="//evil.example.com/sprite.svg#i" on <use> (loads from another site)']],
    [wrap('<style>@import url(https://evil.example.com/x.css);</style><path d="M0 0"/>'), ['<style> that loads from another site']],
    [`<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "<script>alert(1)</script>">]>${wrap('<text>&x;</text>')}`, ['<!DOCTYPE>', '<script>']],
  ])('removes what could run or load: %s', (svg, removed) => {
    expect(needsSanitizing(svg)).toBe(true)
    const result = sanitizeSvg(svg)
    expect(result.removed).toEqual(removed)
    expect(result.svg).not.toMatch(/<script|onload=|javascript:|foreignObject|<set |attributeName="onclick"|tracker\.example|evil\.example|DOCTYPE/i)
    // What is left is still the drawing.
    expect(result.svg).toMatch(/^<svg|^<\?xml/)
    expect(result.svg).toContain('viewBox="0 0 10 10"')
  })
})
