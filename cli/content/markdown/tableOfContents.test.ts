import { describe, expect, it } from 'vitest'
import { withTableOfContents, withoutTableOfContents } from './tableOfContents.ts'
import { createMarkdownRenderer } from './renderMarkdown.ts'

const render = createMarkdownRenderer()
const tocOf = (html: string) => /^<nav class="toc" aria-label="On this page"><details><summary>On this page<\/summary>(.*)<\/details><\/nav>\n/.exec(html)?.[1]

describe('the table of contents', () => {
  it('lists the h2 and h3 of a post with three or more, each h3 under its h2, before the body', () => {
    const html = render('## One\n\ntext\n\n### One A\n\n### One B\n\n## Two\n\n#### Not listed\n\n## Three {#third}')
    expect(tocOf(html)).toBe(
      '<ol><li><a href="#one">One</a><ol><li><a href="#one-a">One A</a></li><li><a href="#one-b">One B</a></li></ol></li>' +
        '<li><a href="#two">Two</a></li><li><a href="#third">Three</a></li></ol>',
    )
    expect(html).toContain('</nav>\n<h2 id="one">')
  })

  it('needs three headings, and none when the post says toc: false', () => {
    expect(tocOf(render('## One\n\n## Two'))).toBeUndefined()
    expect(tocOf(render('## One\n\n## Two\n\n## Three', { toc: false }))).toBeUndefined()
    expect(render('## One\n\n## Two\n\n## Three', { toc: false })).toMatch(/^<h2 id="one">/)
  })

  it('counts headings written in raw HTML, giving one without an id its own', () => {
    const html = render('## Setup\n\n<h2>Setup</h2>\n\n<h3 id="kept">Kept</h3>')
    expect(tocOf(html)).toBe('<ol><li><a href="#setup">Setup</a></li><li><a href="#setup-1">Setup</a><ol><li><a href="#kept">Kept</a></li></ol></li></ol>')
    expect(html).toContain('<h2 id="setup-1">Setup</h2>')
  })

  it('shows a heading as text, its markup taken out and its characters escaped', () => {
    const html = render('## The `<kubectl>` way & "more"\n\n## <img src=x onerror=alert(1)>Two\n\n## Three')
    expect(tocOf(html)).toBe(
      '<ol><li><a href="#the-kubectl-way-more">The &lt;kubectl&gt; way &amp; &quot;more&quot;</a></li><li><a href="#img-srcx-onerroralert1two">Two</a></li><li><a href="#three">Three</a></li></ol>',
    )
  })

  it('starts with an h3 at the top level when no h2 comes before it', () => {
    expect(tocOf(withTableOfContents('<h3 id="a">A</h3><h2 id="b">B</h2><h3 id="c">C</h3>', () => 'x'))).toBe(
      '<ol><li><a href="#a">A</a></li><li><a href="#b">B</a><ol><li><a href="#c">C</a></li></ol></li></ol>',
    )
  })

  it('comes off again for a feed, leaving the body as it was', () => {
    const body = '<h2 id="a">A &lt;/nav&gt;</h2>\n<p>x</p>\n<h2 id="b">B</h2>\n<h2 id="c">C</h2>\n'
    const html = withTableOfContents(body, () => 'x')
    expect(html).not.toBe(body)
    expect(withoutTableOfContents(html)).toBe(body)
    expect(withoutTableOfContents(body)).toBe(body)
  })
})
