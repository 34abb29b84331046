import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { serialize } from 'node:v8'
import sanitizeHtml from 'sanitize-html'
import { describe, expect, it } from 'vitest'
import { MAX_LINE_LENGTH, MAX_NESTING, MarkdownLimitError } from './markdownLimits.ts'
import { createMarkdownRenderer, slugifyHeading, withoutPageIds } from './renderMarkdown.ts'
import { sanitizePostHtml } from './sanitizePostHtml.ts'

const publicDir = fileURLToPath(new URL('../__fixtures__/public', import.meta.url))
const render = createMarkdownRenderer({ publicDir })
const postsDir = fileURLToPath(new URL('../../../posts', import.meta.url))

describe('createMarkdownRenderer', () => {
  it('opens links to other sites safely, and leaves site links alone', () => {
    expect(render('[docs](https://kubernetes.io/docs/) and [blog](/blog/)')).toBe(
      '<p><a href="https://kubernetes.io/docs/" target="_blank" rel="noopener noreferrer">docs</a> and <a href="/blog/">blog</a></p>\n',
    )
  })

  it('gives headings unique ids and makes their text a link to them', () => {
    const html = render('## Read-only *by* construction!\n\n## Read-only by construction\n\n### Main\n')
    expect(html).toContain('<h2 id="read-only-by-construction"><a class="heading-anchor" href="#read-only-by-construction">Read-only <em>by</em> construction!</a></h2>')
    expect(html).toContain('<h2 id="read-only-by-construction-1">')
    // #main is the page's own landmark (the skip link goes there).
    expect(html).toContain('<h3 id="main-1">')
  })

  it('starts the ids again for every post', () => {
    expect(render('## Setup')).toContain('id="setup"')
    expect(render('## Setup')).toContain('id="setup"')
  })

  it('does not nest a link in a heading that holds one', () => {
    expect(render('## See [the docs](https://kubernetes.io)')).toBe(
      '<h2 id="see-the-docs">See <a href="https://kubernetes.io" target="_blank" rel="noopener noreferrer">the docs</a></h2>\n',
    )
  })

  it.each([
    ['yaml', 'kind: Pod # comment', 'hljs-attr'],
    ['bash', 'if [ -n "$SA" ]; then kubectl auth can-i --list --as="$SA"; fi', 'hljs-keyword'],
    ['shell', 'echo "$HOME"', 'hljs-variable'],
    ['json', '{"allowed": true}', 'hljs-attr'],
    ['go', 'func main() { return }', 'hljs-keyword'],
    ['dockerfile', 'FROM alpine:3.20\nUSER 65532', 'hljs-keyword'],
  ])('highlights %s at build time', (lang, code, token) => {
    const html = render(`\`\`\`${lang}\n${code}\n\`\`\``)
    expect(html).toMatch(new RegExp(`^<pre class="code-block" data-lang="[a-z]+" tabindex="0"><code class="hljs language-[a-z]+">`))
    expect(html).toContain(`<span class="${token}">`)
  })

  it('shows other languages as escaped plain text, labelled with what the writer wrote', () => {
    expect(render('```rego\nallow { input.user == "<admin>" }\n```')).toBe(
      '<pre class="code-block" data-lang="rego" tabindex="0"><code class="hljs">allow { input.user == &quot;&lt;admin&gt;&quot; }\n</code></pre>\n',
    )
    expect(render('```\n<script>alert(1)</script>\n```')).toBe(
      '<pre class="code-block" tabindex="0"><code class="hljs">&lt;script&gt;alert(1)&lt;/script&gt;\n</code></pre>\n',
    )
  })

  it('escapes markup inside highlighted code', () => {
    const html = render('```yaml\nvalue: "<img src=x onerror=alert(1)>"\n```')
    expect(html).not.toMatch(/<img|onerror=alert\(1\)>/)
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })

  it('lazy-loads images, with their size when the file is in public/', () => {
    expect(render('![A diagram](/images/diagram.svg)')).toContain(
      '<img src="/images/diagram.svg" alt="A diagram" width="800" height="450" loading="lazy" decoding="async" />',
    )
    expect(render('![A pixel](/images/pixel.png "Tiny")')).toContain('title="Tiny" width="3" height="2" loading="lazy"')
    expect(render('![Remote](https://cdn.example.com/a.png)')).toContain('<img src="https://cdn.example.com/a.png" alt="Remote" loading="lazy" decoding="async" />')
    expect(render('![Missing](/images/missing.png)')).toContain('<img src="/images/missing.png" alt="Missing" loading="lazy" decoding="async" />')
  })

  it('never reads a file outside public/ for an image size', () => {
    // __fixtures__/outside-public.svg is a valid image one folder above the public folder.
    expect(render('![x](/images/../../outside-public.svg)')).not.toContain('width=')
    expect(render('![x](/%2e%2e/outside-public.svg)')).not.toContain('width=')
    expect(render('![x](/images/../images/diagram.svg)')).toContain('width="800"')
  })

  it('renders tables in a scroll container', () => {
    const html = render('| a | b |\n|:--|--:|\n| 1 | 2 |\n')
    expect(html).toMatch(/^<div class="table-scroll" tabindex="0"><table>[\s\S]*<th align="left">a<\/th>[\s\S]*<\/table><\/div>\n$/)
  })

  it('labels task-list checkboxes with their text', () => {
    const html = render('- [x] done *it*\n- [ ] todo\n  - nested\n')
    expect(html).toContain('<li class="task-list-item"><label><input checked disabled type="checkbox" /> done <em>it</em></label></li>')
    expect(html).toContain('<li class="task-list-item"><label><input disabled type="checkbox" /> todo</label><ul>\n<li>nested</li>')
    expect(render('1. [ ] loose\n\n   more\n')).toContain('<li class="task-list-item"><p><label><input disabled type="checkbox" /> loose</label></p><p>more</p>')
  })

  it('keeps an English post one byte a character', () => {
    const html = render('# Title\n\nA [link](https://kubernetes.io), `code` and:\n\n```yaml\na: 1\n```\n\n<b>raw</b>\n')
    // v8.serialize tags a one-byte string '"' and a two-byte one 'c' (after its 2-byte header).
    expect(String.fromCharCode(serialize(html)[2]!)).toBe('"')
    expect(String.fromCharCode(serialize(render('Curly ’quotes’ are past U+00FF'))[2]!)).toBe('c')
  })

  it('never lets raw HTML in markdown through unsafely', () => {
    const html = render('<img src=x onerror=alert(1)>\n\n<script>alert(2)</script>\n\n<a href="https://evil.example" target="_self">x</a>')
    expect(html).not.toMatch(/onerror|<script|_self/)
    expect(html).toContain('<a href="https://evil.example" target="_blank" rel="noopener noreferrer">x</a>')
  })
})

describe('callouts', () => {
  it.each([
    ['NOTE', 'note', 'Note'],
    ['TIP', 'tip', 'Tip'],
    ['IMPORTANT', 'important', 'Important'],
    ['WARNING', 'warning', 'Warning'],
    ['caution', 'caution', 'Caution'],
  ])('> [!%s] is an aside named by its type, with the type written beside its icon', (marker, type, name) => {
    const html = render(`> [!${marker}]\n> Back up *etcd* first.\n>\n> Then upgrade.`)
    expect(html).toMatch(new RegExp(`^<aside class="callout callout-${type}" role="note" aria-label="${name}">\n<p class="callout-title"><svg class="callout-icon" [^>]*aria-hidden="true"[^>]*><path [^>]*/></svg>${name}</p>\n`))
    expect(html).toContain('<p>Back up <em>etcd</em> first.</p>\n<p>Then upgrade.</p>\n</aside>\n')
    expect(html).not.toContain('[!')
  })

  it('reads a marker alone in its paragraph, and callouts nested in lists', () => {
    expect(render('> [!TIP]\n>\n> Text')).toMatch(/<\/p>\n<p>Text<\/p>\n<\/aside>/)
    expect(render('- item\n\n  > [!NOTE]\n  > inside')).toContain('<aside class="callout callout-note"')
  })

  it('leaves a marker followed by text on its line, as GitHub does, and a plain quote, as quotes', () => {
    expect(render('> [!NOTE] not alone\n> x')).toBe('<blockquote>\n<p>[!NOTE] not alone\nx</p>\n</blockquote>\n')
    expect(render('> just a quote')).toBe('<blockquote>\n<p>just a quote</p>\n</blockquote>\n')
  })

  it('sanitizes raw HTML inside a callout within the callout', () => {
    const html = render('> [!CAUTION]\n> <div onclick="x()">unclosed <img src=x onerror=alert(1)>\n\nafter')
    expect(html).not.toMatch(/onclick|onerror/)
    expect(html).toMatch(/<\/div>[^]*<\/aside>\n<p>after<\/p>/)
  })

  it.each([
    ['> [!DANGER]\n> x', 1, 3],
    ['Intro\n\n- a\n\n  > [!Warn]\n  > x', 5, 5],
  ])('refuses an unknown type at its line and column, with the types', (markdown, line, column) => {
    const error = renderError(markdown)
    expect(error.message).toMatch(/^"\[!\w+\]" is not a callout type: the types are \[!NOTE\], \[!TIP\], \[!IMPORTANT\], \[!WARNING\], \[!CAUTION\]$/)
    expect([error.line, error.column]).toEqual([line, column])
  })
})

describe('heading ids given in the heading', () => {
  it('sets the id, keeps the text, and keeps it from the ids made from other headings', () => {
    const html = render('## Setup\n\n## Install it {#setup}\n\n## Setup')
    expect(html).toContain('<h2 id="setup"><a class="heading-anchor" href="#setup">Install it</a></h2>')
    expect(html.match(/id="[^"]+"/g)).toEqual(['id="setup-1"', 'id="setup"', 'id="setup-2"'])
  })

  it('works on a heading with markup, and in its sanitized form', () => {
    expect(render('### The `kubectl` way {#kubectl-way}')).toContain('<h3 id="kubectl-way"><a class="heading-anchor" href="#kubectl-way">The <code>kubectl</code> way</a></h3>')
    expect(render('<b>x</b>\n\n## Raw <i>too</i> {#raw}')).toContain('<h2 id="raw">')
  })

  it.each([
    ['## A {#x}\n\nText\n\n## B {#x}', 'two headings set the id "x"', 5, 6],
    ['> ## A {#x}\n> ## B {#x}', 'two headings set the id "x"', 2, 8],
    ['## A {#has space}', '"{#has space}" is not a valid heading id', 1, 6],
    ['## A {#main}', 'the heading id "main" is taken by the page around the post', 1, 6],
    ['Intro\n\n## Title {#vike_pageContext}', 'the heading id "vike_pageContext" is taken by the page around the post', 3, 10],
    ['- a\n\n  > ## In a quote {#read-next}', 'the heading id "read-next" is taken by the page around the post', 3, 19],
  ])('refuses %j at its line and column', (markdown, message, line, column) => {
    const error = renderError(markdown)
    expect([error.message, error.line, error.column]).toEqual([message, line, column])
  })
})

describe("the page's own ids (pages/_lib/pageIds.ts)", () => {
  it.each([
    ['Intro\n\n<p id="vike_pageContext">x</p>', 'the id "vike_pageContext" of this <p> is taken by the page around the post', 3, 4],
    ['<div class="a" id="main">\n\nx\n\n</div>', 'the id "main" of this <div> is taken by the page around the post', 1, 16],
    ['Text <span ID=read-next>inline</span>', 'the id "read-next" of this <span> is taken by the page around the post', 1, 12],
    ['> quoted\n> <div\n>   id="root">x</div>', 'the id "root" of this <div> is taken by the page around the post', 3, 5],
    ['| a |\n|---|\n| <b id="_R_1_">x</b> |', 'the id "_R_1_" of this <b> is taken by the page around the post', 3, 6],
    ['<p id="m&#97;in">entities are read as the browser reads them</p>', 'the id "main" of this <p> is taken by the page around the post', 1, 4],
  ])('refuses the raw HTML %j at its line and column', (markdown, message, line, column) => {
    const error = renderError(markdown)
    expect([error.message, error.line, error.column]).toEqual([message, line, column])
    expect(error.hint).toMatch(/^Choose another id: id="[\w-]+-section"/)
  })

  it('keeps them from the ids made from headings, in markdown or raw HTML', () => {
    const html = render('## Main\n\n## Read next\n\n## Root\n\n### `_r_1_`\n\n<h2>Main</h2>\n')
    expect(html.match(/<h[23] id="[^"]+"/g)).toEqual(['<h2 id="main-1"', '<h2 id="read-next-1"', '<h2 id="root-1"', '<h3 id="r_1_"', '<h2 id="main-2"'])
  })

  it("keeps a raw HTML id from the ids made from headings", () => {
    expect(render('<div id="setup">x</div>\n\n## Setup\n')).toContain('<h2 id="setup-1">')
  })

  it('counts an image pasted before the problem on its line as it is written', () => {
    const pasted = `![shot](data:image/png;base64,${Buffer.from('not an image, only bytes').toString('base64')})`
    const error = renderError(`Intro\n\n## A ${pasted} and ${pasted} <span id="main">x</span>\n`)
    expect([error.line, error.column]).toEqual([3, 6 + 2 * pasted.length + 5 + 7])
  })

  it('are checked once more in the rendered body: one there is our bug, said so', () => {
    const body = '<h2 id="setup">x</h2><pre><code>id=&quot;main&quot;</code></pre>'
    expect(withoutPageIds(body)).toBe(body)
    expect(() => withoutPageIds('<p>a</p><div class="x" id="vike_pageContext">b</div>')).toThrow('Internal error: the post\'s body sets the id "vike_pageContext", which the page around it sets too (pages/_lib/pageIds.ts)')
  })

  it('removes every name attribute: <a name> cannot name a place of the page', () => {
    const html = render('<a name="read-next">here</a> and <a name="main" href="#x">there</a>')
    expect(html).toBe('<p><a>here</a> and <a href="#x">there</a></p>\n')
  })
})

describe("code blocks' options", () => {
  it('renders a title and highlighted lines', () => {
    const html = render('```yaml title="netpol.yaml" {2}\na: 1\nb: 2\n```')
    expect(html).toMatch(/^<figure class="code-figure"><figcaption class="code-title">netpol.yaml<\/figcaption><pre class="code-block" data-lang="yaml"/)
    expect(html).toContain('<mark class="line"><span class="hljs-attr">b:</span>')
  })

  it.each([
    ['Intro\n\n```yaml {3-x}\na\n```', '"3-x" is not a line or a range of lines', 3, 10],
    ['```bash title="Install\nx\n```', 'the title has no closing "', 1, 15],
    ['- a\n\n  ```go {4}\n  x\n  ```', 'line 4 is past the end of the block, which has 1 line', 3, 10],
  ])('refuses %j at its line and column', (markdown, message, line, column) => {
    const error = renderError(markdown)
    expect([error.message, error.line, error.column]).toEqual([`in the code block's options: ${message}`, line, column])
  })
})

function renderError(markdown: string): MarkdownLimitError {
  try {
    render(markdown)
  } catch (error) {
    if (error instanceof MarkdownLimitError) return error
    throw error
  }
  throw new Error('rendered without an error')
}

describe('slugifyHeading', () => {
  it.each([
    ['Read-only by construction', 'read-only-by-construction'],
    ['What `kubectl auth can-i` says', 'what-kubectl-auth-can-i-says'],
    ['L3/L4 & L7 policies', 'l3l4-l7-policies'],
    ['Über Sicherheit', 'über-sicherheit'],
    ['!!!', 'section'],
  ])('%s → %s', (text, slug) => {
    expect(slugifyHeading(text)).toBe(slug)
  })
})

describe('blocks that skip the sanitizer', () => {
  // Parsed and written again with nothing removed: the sanitizer's own serialization.
  const reserialize = (html: string) => sanitizeHtml(html, { allowedTags: false, allowedAttributes: false, allowVulnerableTags: true })
  // The default locale's posts (posts/de/ is the German locale's folder).
  const posts = readdirSync(postsDir).filter((name) => name.endsWith('.md')).map((name) => readFileSync(join(postsDir, name), 'utf8'))

  it.each([
    ['plain prose, lists, tables and code', '# T\n\nSome *text* it\'s & <b\n\n- a\n- [x] b\n\n| a | b |\n|:-|-:|\n| `x` | ~~y~~ |\n\n---\n\n> quote  \n> two\n\n```yaml\na: "<b>"\n```\n'],
    ['raw HTML spanning blocks', '<details>\n\n*inside* it\n\n</details>\n\n<div onclick="x()">\n\npara\n\n</div>'],
    ['text lexed inside an unclosed raw pre', 'a <pre> b\n\nnext <img src=x onerror=alert(1)\n\n`code` and <b>'],
    ['dangerous links and images', '[x](javascript:alert(1)) ![y](data:image/svg+xml,<svg>) <javascript:alert(2)> [ref][r]\n\n[r]: javascript:alert(3)\n\nwww.example.com and a@b.co'],
    [
      'links the renderer writes and links it leaves to the sanitizer',
      '[a](https://k.io/x?y=1#z "Say \\"hi\\" <now> & more") [b](/pricing/) [c](#top) [d](mailto:a@b.co) [e](//evil.example) [f](HTTPS://K.IO)\n' +
        '[g](https://k.io/a&b) [h](</a b>) [i](https://k.io/é) <https://k.io/a?b=c&d> <https://k.io/x> www.k.io a@b.co [*em* `code`](/x) [![img](/i.png)](/y)\n' +
        "[j](javascript:alert(1)) [k](/\\evil) [l](data:text/html,x) [m](/a'b) [n](/a%22onmouseover=x) [o](./rel) [p](<>)\n\n" +
        '## A [heading](https://k.io) link\n\n| [cell](/c) | [x](//y) |\n|-|-|\n| [z](https://k.io/z) | b |\n\n- [item](/i)\n  - [nested](https://k.io/n)\n',
    ],
    ['entities', '&lt;script&gt; &#60;script&#62; &#x3C;img src=x onerror=alert(1)&#x3E; &nbsp; &amp;'],
    ['an html comment left open', '<!-- open\n\nstill *inside*\n\nand more'],
    ['a script block', '<script>\nalert(1)\n\nstill script\n</script>\n\nafter'],
    ...posts.map((post, n) => [`shipped post ${n + 1}`, post] as [string, string]),
  ])('%s: the output is what the sanitizer would leave of it', (_, markdown) => {
    const html = render(markdown)
    expect(reserialize(sanitizePostHtml(html))).toBe(reserialize(html))
  })
})

describe('limits of the renderer', () => {
  const limitOf = (markdown: string) => {
    try {
      render(markdown)
    } catch (error) {
      if (error instanceof MarkdownLimitError) return { message: error.message, line: error.line }
      throw error
    }
    return undefined
  }

  it.each([
    ['quotes', (n: number) => `intro\n\n${'>'.repeat(n)} deep\n`, 3],
    ['quotes with spaces', (n: number) => `${'> '.repeat(n)}deep\n`, 1],
    ['lists on one line', (n: number) => `${'- '.repeat(n)}deep\n`, 1],
    ['numbered lists', (n: number) => `${'1. '.repeat(n)}deep\n`, 1],
  ])('nested %s: the limit is an error at their line, thousands of levels never overflow the stack', (_, make, line) => {
    expect(limitOf(make(MAX_NESTING - 1))).toBeUndefined()
    for (const levels of [MAX_NESTING + 1, 5_000]) {
      expect(limitOf(make(levels))).toEqual({ message: `blocks are nested more than ${MAX_NESTING} levels deep (quotes or lists inside each other)`, line })
    }
  })

  it('nested lists by indentation', () => {
    const list = (n: number) => Array.from({ length: n }, (_, level) => `${'  '.repeat(level)}- level ${level}`).join('\n')
    expect(limitOf(list(MAX_NESTING - 1))).toBeUndefined()
    expect(limitOf(list(MAX_NESTING + 5))?.message).toMatch(/^blocks are nested more than/)
  })

  it.each([
    ['emphasis', (n: number) => `${'*'.repeat(n)}x${'*'.repeat(n)}`],
    ['mixed emphasis', (n: number) => `${'*a _'.repeat(n)}x${'_ a*'.repeat(n)}`],
    ['strikethrough', (n: number) => `${'~~a '.repeat(n)}x${' a~~'.repeat(n)}`],
  ])('nested %s: an error at the paragraph, never a stack overflow (links cannot nest: marked keeps the inner one)', (_, make) => {
    expect(limitOf(`# Title\n\n${make(MAX_NESTING * 2)}\n`)).toEqual({
      message: `inline markup is nested more than ${MAX_NESTING} levels deep (emphasis, links or strikethrough inside each other)`,
      line: 3,
    })
    expect(limitOf(`# Title\n\n${make(5_000)}\n`)?.line).toBe(3)
  })

  it('nested inline markup: the error is at the block that holds it, not at the same text elsewhere', () => {
    const deep = `${'*'.repeat(MAX_NESTING * 2)}x${'*'.repeat(MAX_NESTING * 2)}`
    const error = renderError(`\`\`\`\n${deep}\n\`\`\`\n\n> quoted\n>\n> ${deep}\n`)
    expect([error.line, error.column]).toEqual([7, 3])
  })

  it('a line past the length limit, with its line', () => {
    expect(limitOf(`a\n\n${'word '.repeat(MAX_LINE_LENGTH / 5)}\n`)).toBeUndefined()
    expect(limitOf(`a\n\nb\n${'x'.repeat(MAX_LINE_LENGTH + 1)}\n`)).toEqual({
      message: `this line is ${MAX_LINE_LENGTH + 1} characters long, more than the ${MAX_LINE_LENGTH} a line may have`,
      line: 4,
    })
  })

  it('thousands of identical headings get their numbered ids', () => {
    const html = render('# Same\n\n'.repeat(5000))
    expect(html).toContain('id="same-4999"')
    expect(html.match(/<h1 id="same(-\d+)?"/g)).toHaveLength(5000)
    expect(render('# a-1\n\n# a\n\n# a\n\n# a-1\n')).toMatch(/id="a-1".*id="a".*id="a-2".*id="a-1-1"/s)
  })
})
