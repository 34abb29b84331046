import { describe, expect, it } from 'vitest'
import { FenceInfoError, parseFenceInfo, renderCodeBlock, splitHighlightedLines } from './codeBlocks.ts'

describe('parseFenceInfo', () => {
  it.each([
    ['', { language: '' }],
    ['yaml', { language: 'yaml' }],
    ['yaml title="netpol.yaml"', { language: 'yaml', title: 'netpol.yaml' }],
    ["bash title='Install the agent' {2}", { language: 'bash', title: 'Install the agent', highlighted: new Set([2]) }],
    ['go {1-3, 5,7-7}', { language: 'go', highlighted: new Set([1, 2, 3, 5, 7]) }],
    ['{2} yaml', { language: '', highlighted: new Set([2]) }],
    ['title="a.yaml"', { language: '', title: 'a.yaml' }],
    ['js showLineNumbers', { language: 'js' }],
    ['yaml title="say \'hi\' {1}"', { language: 'yaml', title: "say 'hi' {1}" }],
  ])('%j', (info, expected) => {
    expect(parseFenceInfo(info, 10)).toEqual(expected)
  })

  it.each([
    ['yaml {3-x}', '"3-x" is not a line or a range of lines', 6],
    ['yaml {3,}', '"" is not a line or a range of lines', 8],
    ['yaml {5-3}', '"5-3" is not a range of lines: it must go from a line to the same or a later one, counting from 1', 6],
    ['yaml {0}', '"0" is not a range of lines: it must go from a line to the same or a later one, counting from 1', 6],
    ['yaml {2-11}', 'line 11 is past the end of the block, which has 10 lines', 6],
    ['yaml {2', 'the list of lines to highlight has no closing }', 5],
    ['yaml title="netpol.yaml', 'the title has no closing "', 11],
    ['yaml title=netpol.yaml', 'the title is not in quotes', 11],
    ['yaml titel="x"', '"titel" is not an option of a code block: the options are title="…" and {lines}', 5],
  ])('%j is refused where it goes wrong', (info, message, index) => {
    const error = (() => {
      try {
        parseFenceInfo(info, 10)
      } catch (caught) {
        return caught
      }
    })() as FenceInfoError
    expect(error).toBeInstanceOf(FenceInfoError)
    expect([error.message, error.index]).toEqual([message, index])
    expect(error.hint).toBeTruthy()
  })
})

describe('splitHighlightedLines', () => {
  it('closes the spans open at the end of a line and opens them again on the next', () => {
    expect(splitHighlightedLines('a <span class="s">"one\ntwo <span class="e">\\n\n</span>end"</span>\nlast')).toEqual([
      'a <span class="s">"one</span>',
      '<span class="s">two <span class="e">\\n</span></span>',
      '<span class="s"><span class="e"></span>end"</span>',
      'last',
    ])
  })
})

/** The text of the block's code, as a reader copies it. */
const codeText = (html: string) => /<code[^>]*>([\s\S]*)<\/code>/.exec(html)![1]!.replace(/<[^>]+>/g, '')

describe('renderCodeBlock', () => {
  it('writes a plain block as one piece, with its language', () => {
    expect(renderCodeBlock('a: 1', { language: 'yaml' })).toBe(
      '<pre class="code-block" data-lang="yaml" tabindex="0"><code class="hljs language-yaml"><span class="hljs-attr">a:</span> <span class="hljs-number">1</span>\n</code></pre>\n',
    )
  })

  it('puts a title above the block, escaped', () => {
    expect(renderCodeBlock('x', { language: '', title: '<b>"a" & b</b>' })).toBe(
      '<figure class="code-figure"><figcaption class="code-title">&lt;b&gt;&quot;a&quot; &amp; b&lt;/b&gt;</figcaption><pre class="code-block" tabindex="0"><code class="hljs">x\n</code></pre></figure>\n',
    )
  })

  it('marks highlighted lines, and keeps the code as written', () => {
    const html = renderCodeBlock('one\ntwo\nthree', { language: 'text', highlighted: new Set([2, 3]) })
    expect(html).toContain('<code class="hljs"><span class="line">one\n</span><mark class="line">two\n</mark><mark class="line">three\n</mark></code>')
    expect(codeText(html)).toBe('one\ntwo\nthree\n')
  })

  it("marks a diff's added and removed lines as insertions and deletions, not its file headers", () => {
    const html = renderCodeBlock('--- a/x\n+++ b/x\n keep\n-old\n+new', { language: 'diff', highlighted: new Set([5]) })
    const lines = [...html.matchAll(/<(span|ins|del|mark) class="(line[^"]*)">/g)].map(([, tag, className]) => `${tag}.${className}`)
    expect(lines).toEqual(['span.line', 'span.line', 'span.line', 'del.line', 'ins.line line-marked'])
    expect(codeText(html)).toBe('--- a/x\n+++ b/x\n keep\n-old\n+new\n')
  })

  it('hands the inner HTML to the wrapper it is given', () => {
    expect(renderCodeBlock('x', { language: '' }, (html) => `[${html}]`)).toContain('<code class="hljs">[x\n]</code>')
  })
})
