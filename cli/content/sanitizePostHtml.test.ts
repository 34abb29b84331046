import { describe, expect, it } from 'vitest'
import { createMarkdownRenderer } from './renderMarkdown.ts'
import { sanitizePostHtml } from './sanitizePostHtml.ts'

describe('sanitizePostHtml', () => {
  it.each([
    ['<p>ok</p><script>alert(1)</script>', '<p>ok</p>'],
    ['<img src="/a.png" onerror="alert(1)" alt="a">', '<img src="/a.png" alt="a" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<img src="data:image/svg+xml,<svg onload=alert(1)>">', '<img />'],
    ['<iframe src="https://evil.example"></iframe><p>after</p>', '<p>after</p>'],
    ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['<p style="position:fixed">x</p>', '<p>x</p>'],
    ['<form action="/x"><input type="text" name="q"></form>', ''],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<div onclick="alert(1)" class="note">x</div>', '<div class="note">x</div>'],
  ])('%s → %s', (input, output) => {
    expect(sanitizePostHtml(input)).toBe(output)
  })

  it('keeps what GitHub-flavoured markdown produces', () => {
    const html = '<table><thead><tr><th align="left">a</th></tr></thead><tbody><tr><td align="left">b</td></tr></tbody></table>' +
      '<ul><li><input checked disabled type="checkbox"> done</li></ul><pre><code class="language-yaml">a: 1</code></pre>' +
      '<h2 id="intro">Intro</h2><a href="https://kubernetes.io" target="_blank" rel="noopener noreferrer">k8s</a><a href="#intro">up</a><a href="mailto:a@b.c">mail</a>'
    expect(sanitizePostHtml(html)).toBe(html.replace('<input checked disabled type="checkbox">', '<input checked disabled type="checkbox" />'))
  })
})

describe('createMarkdownRenderer', () => {
  const render = createMarkdownRenderer()

  it('opens links to other sites safely, and leaves site links alone', () => {
    expect(render('[docs](https://kubernetes.io/docs/) and [blog](/blog/)')).toBe(
      '<p><a href="https://kubernetes.io/docs/" target="_blank" rel="noopener noreferrer">docs</a> and <a href="/blog/">blog</a></p>\n',
    )
  })

  it('lazy-loads images', () => {
    expect(render('![A map](/images/map.svg)')).toContain('<img src="/images/map.svg" alt="A map" loading="lazy" decoding="async" />')
  })

  it('renders tables and task lists', () => {
    const html = render('| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n')
    expect(html).toContain('<table>')
    expect(html).toMatch(/<li><input checked(="")? disabled(="")? type="checkbox" \/> done<\/li>/)
    expect(html).toMatch(/<li><input disabled(="")? type="checkbox" \/> todo<\/li>/)
  })

  it('never lets raw HTML in markdown through unsafely', () => {
    expect(render('<img src=x onerror=alert(1)>\n\n<script>alert(2)</script>')).not.toMatch(/onerror|<script/)
  })
})
