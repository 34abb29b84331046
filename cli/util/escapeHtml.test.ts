import { describe, expect, it } from 'vitest'
import { escapeHtml } from './escapeHtml.ts'

describe('escapeHtml', () => {
  it.each([
    ['plain text', 'plain text'],
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['" onerror="x', '&quot; onerror=&quot;x'],
    ["' onload='x", '&#39; onload=&#39;x'],
    ['Q&A &amp; more', 'Q&amp;A &amp;amp; more'],
    ['a > b', 'a &gt; b'],
    ['日本語 ✓', '日本語 ✓'],
  ])('%s', (text, escaped) => {
    expect(escapeHtml(text)).toBe(escaped)
  })

  it('is safe in an element and in either quoted attribute: parsing it back gives the text', async () => {
    const { parseDocument } = await import('htmlparser2')
    const hostile = `</p><img src=x onerror="a('b')"> & "quotes" 'too'`
    const document = parseDocument(`<p title="${escapeHtml(hostile)}" data-x='${escapeHtml(hostile)}'>${escapeHtml(hostile)}</p>`, { decodeEntities: true })
    const paragraph = document.children[0] as unknown as { attribs: Record<string, string>; children: { data: string }[] }
    expect(paragraph.attribs).toEqual({ title: hostile, 'data-x': hostile })
    expect(paragraph.children.map((child) => child.data)).toEqual([hostile])
  })
})
