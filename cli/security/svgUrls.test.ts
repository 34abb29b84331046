import { describe, expect, it } from 'vitest'
import { cssValueLoads, sanitizeCss, urlKind } from './svgUrls.ts'

describe('urlKind', () => {
  it.each([
    ['#g', 'site'],
    ['sprite.svg#i', 'site'],
    ['/images/a.png', 'site'],
    ['../a.png', 'site'],
    ['', 'site'],
    ['https://kubeguard.dev/', 'remote'],
    ['//evil.example.com/a.png', 'remote'],
    ['\\\\evil.example.com/a.png', 'remote'],
    ['mailto:team@kubeguard.dev', 'mailto'],
    ['data:image/png;base64,iVBOR', 'data-image'],
    ['data: IMAGE/WEBP ;base64,x', 'data-image'],
    ['data:image/svg+xml,<svg/>', 'other'],
    ['data:text/html,x', 'other'],
    ['javascript:alert(1)', 'other'],
    [' \u0001 JaVa\tScRi\npt:alert(1)', 'other'],
    ['vbscript:x', 'other'],
    ['file:///etc/passwd', 'other'],
    ['http://[::1', 'other'],
  ] as const)('%j is %s', (value, kind) => {
    expect(urlKind(value)).toBe(kind)
  })
})

describe('cssValueLoads', () => {
  it.each([
    ['url(#g)', undefined],
    ["url( '#g' )", undefined],
    ['url(pattern.png)', undefined],
    ['matrix(1 0 0 1 0 0)', undefined],
    ['url(https://evil.example.com/a.svg#g)', 'url(https://evil.example.com/a.svg#g)'],
    // Unquoted, a url() ends at the first parenthesis: what it says is cut there, and still refused.
    ['URL(javascript:alert(1))', 'url(javascript:alert(1)'],
    ['\\75 rl(//evil.example.com/a)', 'url(//evil.example.com/a)'],
    ['u/**/rl(x) url(/*x*/https://evil.example.com/a)', 'url(https://evil.example.com/a)'],
    ['image-set("a.png" 1x)', 'image-set(a.png)'],
  ])('%s', (value, loads) => {
    expect(cssValueLoads(value)).toBe(loads)
  })
})

describe('sanitizeCss', () => {
  it('removes what loads from outside the site and keeps the rest as written', () => {
    const removed: string[] = []
    expect(sanitizeCss('@import "x.css";\n.a{fill:url(#g);behavior:url(x.htc)}\n@font-face{src:url(https://evil.example.com/f.woff)}\n@media (min-width:1px){.b{stroke:url(https://evil.example.com/p#p)}}', '<style>', removed)).toBe('.a{fill:url(#g)}\n@font-face{}\n@media (min-width:1px){.b{}}')
    expect(removed).toEqual(['@import in <style>', 'behavior in <style>', 'url(https://evil.example.com/f.woff) in <style> (loads from outside the site)', 'url(https://evil.example.com/p#p) in <style> (loads from outside the site)'])
    expect(sanitizeCss('.a{', '<style>', removed)).toBeUndefined()
  })
})
