import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { parseSvg, serializeSvg, SvgSyntaxError, type SvgElement } from './parseSvg.ts'

const SVG = 'http://www.w3.org/2000/svg'

describe('parseSvg', () => {
  it('is sax 1.6.1 (a canary: an upgrade may change how entities are read)', () => {
    expect((createRequire(import.meta.url)('sax/package.json') as { version: string }).version).toBe('1.6.1')
  })

  it('reads character references as text, however many, and never as markup', () => {
    const svg = `<svg xmlns="${SVG}"><text>${'&#106;&#x2014;&amp;&#60;s&gt;'.repeat(5_000)}</text></svg>`
    const [root] = parseSvg(svg) as [SvgElement]
    const text = root.children[0]!
    expect(text.type === 'element' && text.children).toEqual([{ type: 'text', value: 'j—&<s>'.repeat(5_000) }])
  })

  it('resolves names by the declarations in scope, and keeps them for values that name attributes', () => {
    const [root] = parseSvg(`<s:svg xmlns:s="${SVG}" xmlns:l="http://www.w3.org/1999/xlink"><g xmlns="${SVG}"><use l:href="#a"/></g></s:svg>`) as [SvgElement]
    const g = root.children[0] as SvgElement
    const use = g.children[0] as SvgElement
    expect([root.uri, root.local, g.uri, use.uri]).toEqual([SVG, 'svg', SVG, SVG])
    expect(use.attributes).toEqual([{ name: 'l:href', uri: 'http://www.w3.org/1999/xlink', local: 'href', value: '#a' }])
    expect(use.scope.l).toBe('http://www.w3.org/1999/xlink')
    expect(use.scope['']).toBe(SVG)
  })

  it('writes back what it reads as the same tree', () => {
    const svg = `<?xml version="1.0"?>\n<!-- c -->\n<svg xmlns="${SVG}" a="1&#10;2&#9;&quot;&lt;&amp;"><style><![CDATA[.a>b{fill:red}]]></style><text>a &lt; b &amp; c &gt; d</text></svg>`
    const tree = parseSvg(svg)
    expect(serializeSvg(tree)).toBe(`<?xml version="1.0"?>\n<!-- c -->\n<svg xmlns="${SVG}" a="1&#10;2&#9;&quot;&lt;&amp;"><style><![CDATA[.a>b{fill:red}]]></style><text>a &lt; b &amp; c &gt; d</text></svg>`)
    expect(parseSvg(serializeSvg(tree))).toEqual(tree)
  })

  it('says where a file stops being XML', () => {
    expect(() => parseSvg(`<svg xmlns="${SVG}">\n  <g>\n</svg>`)).toThrow(SvgSyntaxError)
    try {
      parseSvg(`<svg xmlns="${SVG}">\n  <g>\n</svg>`)
    } catch (error) {
      expect({ ...(error as SvgSyntaxError) }).toMatchObject({ reason: 'unexpected close tag', line: 3, column: 6 })
    }
  })
})
