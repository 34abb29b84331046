import { describe, expect, it } from 'vitest'
import { urlsIn } from './markdownUrls.ts'

/** What urlsIn finds, as [kind, the text at its place, href] (and 'html' for raw HTML). */
const found = (markdown: string) => urlsIn(markdown).map((url) => [url.kind, markdown.slice(url.start, url.end), url.href, ...(url.inHtml ? ['html'] : [])])

describe('urlsIn', () => {
  it('finds inline links and images, with a title, in angle brackets, or a linked image', () => {
    expect(found('A [link](../other/) and ![alt](./a.png "Title") and ![spaced](<./a b.png>) and [![badge](./b.svg)](https://x.test/)')).toEqual([
      ['link', '../other/', '../other/'],
      ['image', './a.png', './a.png'],
      ['image', './a b.png', './a b.png'],
      ['image', './b.svg', './b.svg'],
      ['link', 'https://x.test/', 'https://x.test/'],
    ])
  })

  it('never in code: a code span, a fenced or an indented block', () => {
    const markdown = ['`![x](./span.png)` then ![real](./real.png)', '', '```md', '![x](./fenced.png)', '```', '', '    ![x](./indented.png)', ''].join('\n')
    expect(found(markdown)).toEqual([['image', './real.png', './real.png']])
  })

  it('finds one written twice, each at its place, after a code span that holds the same text', () => {
    const markdown = 'See `![a](./a.png)`: ![a](./a.png)\n\n![a](./a.png)'
    expect(urlsIn(markdown).map((url) => url.start)).toEqual([markdown.indexOf('./a.png', 22), markdown.lastIndexOf('./a.png')])
  })

  it('in quotes, list items (their later lines indented), tables and headings', () => {
    const markdown = ['> quoted ![q](./q.png)', '> and [l](/pricing/)', '', '- item', '  continued ![i](./i.png)', '  - nested [n](#anchor)', '', '| a | b |', '|---|---|', '| ![t](./t.png) | [x](/x/) |', '', '## [Heading](/h/)'].join('\n')
    expect(found(markdown).map(([kind, at]) => `${kind} ${at}`)).toEqual(['image ./q.png', 'link /pricing/', 'image ./i.png', 'link #anchor', 'image ./t.png', 'link /x/', 'link /h/'])
  })

  it('a definition, an image when an image uses it; a reference itself has no URL', () => {
    const markdown = '![shot][s] and [docs][d]\n\n[s]: ./shot.png "Shot"\n[d]: </docs/ here>\n'
    expect(found(markdown)).toEqual([
      ['image', './shot.png', './shot.png'],
      ['link', '/docs/ here', '/docs/ here'],
    ])
  })

  it("raw HTML's <img src> and <a href>, in any quotes, entities read", () => {
    const markdown = '<img src="./a.png" alt="x"> <a title="t" href=\'/x/?a=1&amp;b=2\'>x</a>\n\n<div>\n<IMG\nSRC=./c.png>\n</div>\n'
    expect(found(markdown)).toEqual([
      ['image', './a.png', './a.png', 'html'],
      ['link', '/x/?a=1&amp;b=2', '/x/?a=1&b=2', 'html'],
      ['image', './c.png', './c.png', 'html'],
    ])
  })

  it('leaves out a URL marked reads differently from how it is written, an autolink and a bare URL', () => {
    expect(found('[esc](./a\\(1\\).png) <https://a.test/> https://b.test/')).toEqual([])
  })
})
