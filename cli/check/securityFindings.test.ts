import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { postStyleFindings, unsafeSvgFindings } from './securityFindings.ts'

describe('securityFindings', () => {
  it('warns of each SVG the build would change, naming the file and what it removes, and errs on one it cannot publish', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svg-findings-'))
    mkdirSync(join(dir, 'images'))
    writeFileSync(join(dir, 'images', 'safe.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>')
    writeFileSync(join(dir, 'images', 'hostile.svg'), '<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg" onload="alert(1)"><s:script>alert(2)</s:script></svg>')
    writeFileSync(join(dir, 'images', 'broken.svg'), '<svg xmlns="http://www.w3.org/2000/svg">\n<g>\n</svg>')
    const findings = unsafeSvgFindings([dir], dir)
    const broken = join('images', 'broken.svg')
    const hostile = join('images', 'hostile.svg')
    expect(findings.map(({ code, severity, file, line, column, message }) => ({ code, severity, file, line, column, message }))).toEqual([
      { code: 'SVG_INVALID', severity: 'error', file: broken, line: 3, column: 6, message: `${broken}:3:6 The SVG cannot be published: unexpected close tag.` },
      { code: 'UNSAFE_SVG', severity: 'warning', file: hostile, line: undefined, column: undefined, message: `${hostile}: the build removes onload on <svg>, <s:script>: what is not known to be safe when the SVG is opened on its own` },
    ])
  })

  it("warns of each style in a post's raw HTML, at its line and column, and not of one in a code block, the text or the frontmatter", () => {
    const dir = mkdtempSync(join(tmpdir(), 'post-styles-'))
    const post = join(dir, 'post.md')
    writeFileSync(
      post,
      [
        '---',
        'title: Styles',
        'excerpt: "<b style=\\"x\\">not the body</b>"',
        '---',
        'Text that mentions style="x" as text.',
        '',
        '<div style="color: red">A raw block</div>',
        '',
        '```html',
        '<p style="in a code block">not HTML</p>',
        '```',
        '',
        'Inline <span style="font-weight:bold">HTML</span> in a paragraph.',
        '',
        '<style>p { color: red }</style>',
        '',
        '> - in a list in a quote <i',
        '>   style="x">here</i>',
      ].join('\n'),
    )
    const findings = postStyleFindings([post], dir)
    expect(findings.map(({ code, line, message }) => ({ code, line, message: message.split(' is removed')[0] }))).toEqual([
      { code: 'POST_STYLE_REMOVED', line: 7, message: 'post.md:7:6 <div style="color: red">' },
      { code: 'POST_STYLE_REMOVED', line: 13, message: 'post.md:13:14 <span style="font-weight:bold">' },
      { code: 'POST_STYLE_REMOVED', line: 15, message: 'post.md:15:1 <style>' },
      { code: 'POST_STYLE_REMOVED', line: 18, message: 'post.md:18:5 <i style="x">' },
    ])
  })
})
