import { describe, expect, it } from 'vitest'
import { findAll, readXml, textOf } from './readXml.ts'

describe('readXml', () => {
  it('reads elements, attributes, entities and CDATA', () => {
    const root = readXml('<?xml version="1.0" encoding="UTF-8"?>\n<a x="1 &amp; 2"><b>T &lt;3 &#233;</b><c/><b><![CDATA[<p>]]></b></a>\n')
    expect(root.attributes).toEqual({ x: '1 & 2' })
    expect(findAll(root, 'b').map((b) => b.text)).toEqual(['T <3 é', '<p>'])
    expect(textOf(root, 'c')).toBe('')
  })

  it.each([
    ['an unclosed tag', '<a><b></a>'],
    ['a stray closing tag', '<a></b></a>'],
    ['a tag never closed', '<a><b/>'],
    ['a bare ampersand', '<a>R&D</a>'],
    ['an unknown entity', '<a>&nbsp;</a>'],
    ['an unquoted attribute', '<a x=1></a>'],
    ['a repeated attribute', '<a x="1" x="2"></a>'],
    ['two roots', '<a/><b/>'],
    ['text after the root', '<a/>tail'],
    ['a declaration not first', ' <?xml version="1.0"?><a/>'],
    ['a < in text', '<a>1 < 2</a>'],
  ])('rejects %s', (_, xml) => {
    expect(() => readXml(xml)).toThrow(/^XML: /)
  })
})
