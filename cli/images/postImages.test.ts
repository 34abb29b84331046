import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PASTED_PREFIX, extractPastedImages } from '../content/markdown/pastedImages.ts'
import { splitFrontmatter } from '../content/frontmatter/parseFrontmatter.ts'
import { createMarkdownRenderer } from '../content/markdown/renderMarkdown.ts'
import type { ImageStore } from '../incremental/images/imageStore.ts'
import { placePostImages, shownImageUrl, type PostImagesContext } from './postImages.ts'

// How a body's <img> tags are found: by an HTML parser, so what only looks like one (in text, in
// an attribute) is left alone, and attributes are read as HTML reads them. The images here are
// SVGs in public/: published as written, sized from the file, no encoder involved.

function site(): PostImagesContext {
  const root = mkdtempSync(join(tmpdir(), 'post-images-'))
  mkdirSync(join(root, 'public', 'images'), { recursive: true })
  mkdirSync(join(root, 'posts'))
  writeFileSync(join(root, 'public', 'images', 'flow.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"></svg>')
  writeFileSync(join(root, 'public', 'images', 'a&b.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="20"></svg>')
  const store = {} as ImageStore
  return { sourceFile: join(root, 'posts', 'p.md'), postsDir: join(root, 'posts'), publicDir: join(root, 'public'), shown: () => 'posts/p.md', readSource: () => '', cwd: root, hasCover: true, store }
}

const place = async (html: string) => {
  const result = await placePostImages(html, site())
  if (!('html' in result)) throw new Error(result.problems.map((problem) => problem.message).join('\n'))
  return result.html
}

describe('placePostImages', () => {
  it('sizes and lazy-loads an image, every other byte of the body as it was', async () => {
    const before = '<h2 id="a">Flow</h2>\n<p>Text &amp; more: <img src="/images/flow.svg" alt="The flow"> after.</p>\n'
    expect(await place(before)).toBe('<h2 id="a">Flow</h2>\n<p>Text &amp; more: <img src="/images/flow.svg" alt="The flow" width="640" height="360" loading="lazy" decoding="async"> after.</p>\n')
  })

  it('leaves an <img in code text or in an attribute alone (sanitized HTML writes their < as &lt;)', async () => {
    const body = '<pre><code>&lt;img src="/images/missing.svg"&gt;</code></pre><p title="&lt;img src=/images/missing.svg&gt;">x</p>'
    expect(await place(body)).toBe(body)
  })

  it('reads attributes as HTML does: a > inside quotes, entities, upper case, a self-closing tag', async () => {
    expect(await place('<IMG SRC="/images/a&amp;b.svg" ALT="a > b &quot;c&quot;"/>')).toBe('<img src="/images/a&amp;b.svg" alt="a &gt; b &quot;c&quot;" width="10" height="20" loading="lazy" decoding="async">')
  })

  it('reads a tag longer than the first chunk the parser is given, and the tags after it', async () => {
    const alt = 'long '.repeat(400)
    expect(await place(`<img src="/images/flow.svg" alt="${alt}"><img src="/images/a&amp;b.svg" alt="">`)).toBe(
      `<img src="/images/flow.svg" alt="${alt}" width="640" height="360" loading="lazy" decoding="async"><img src="/images/a&amp;b.svg" alt="" width="10" height="20" loading="lazy" decoding="async">`,
    )
  })

  it('writes a pasted image into the pasted folder the first time it is asked for, and publishes it', async () => {
    const context = site()
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="40"></svg>'
    const source = `---\ntitle: T\n---\n![A diagram](data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')})\n`
    const [pasted] = extractPastedImages(source).images
    const pastedDir = join(context.cwd, 'pasted')
    const published: string[] = []
    const store = { file: async (file: string) => (published.push(file), { kind: 'file' as const, url: '/assets/images/diagram.svg', width: 30, height: 40 }) }
    const html = await placePostImages(`<p><img src="${PASTED_PREFIX}${pasted!.name}" alt="A diagram"></p>`, { ...context, pastedDir, readSource: () => source, store: store as unknown as ImageStore })
    expect(readFileSync(join(pastedDir, pasted!.name), 'utf8')).toBe(svg)
    expect(published).toEqual([join(pastedDir, pasted!.name)])
    expect(html).toEqual({ html: '<p><img src="/assets/images/diagram.svg" alt="A diagram" width="30" height="40" loading="lazy" decoding="async"></p>' })
  })

  it('keeps a size and a loading the writer gave', async () => {
    expect(await place('<img src="/images/flow.svg" alt="" width="320" loading="eager">')).toBe('<img src="/images/flow.svg" alt="" width="320" loading="eager">')
  })

  it('reports a missing image in a tag, and not one in text', async () => {
    const result = await placePostImages('<p>&lt;img src="/images/gone.svg"&gt;</p><img src="/images/nope.svg" alt="">', site())
    expect('problems' in result && result.problems.map((problem) => problem.message)).toEqual(['Image not found: /images/nope.svg'])
  })
})

describe('where a missing image is reported: its URL\'s place in the body, from the markdown\'s tokens', () => {
  const render = createMarkdownRenderer()

  /** Each problem of the post `source` (every image of it missing), as file:line:column and message. */
  async function problemsOf(source: string): Promise<string[]> {
    const html = render(splitFrontmatter(source).body)
    const result = await placePostImages(html, { ...site(), readSource: () => source })
    if (!('problems' in result)) throw new Error('no problem')
    return result.problems.map(({ location, message }) => `${location?.file}:${location?.line}:${location?.column} ${message}`)
  }

  it('a callout marker holding an image, with the same letters in the frontmatter: the body line', async () => {
    const source = '---\ntitle: "x"\nexcerpt: "Why x matters"\n---\n\n> [!<img src=x>]\n> Text.\n'
    expect(await problemsOf(source)).toEqual(['posts/p.md:6:14 Image not found: x'])
  })

  it('after a frontmatter that names the same path', async () => {
    const source = '---\ntitle: T\nimage: ./shot.png\nexcerpt: "See ./shot.png"\n---\nIntro.\n\n![The shot](./shot.png)\n'
    expect(await problemsOf(source)).toEqual(['posts/p.md:8:13 Image not found: ./shot.png'])
  })

  it('in a list item, a quote, a table cell, a nested list and raw HTML over lines', async () => {
    const source = [
      '---',
      'title: T',
      '---',
      '- item ![a](a.png)',
      '',
      '> quoted',
      '> > deeper <img src="b.png">',
      '',
      '| x | y |',
      '|---|---|',
      '| 1 | ![c](c.png) |',
      '',
      '1. one',
      '   - nested',
      '     - ![d](d.png)',
      '',
      '> <div>',
      '> <img',
      '>   alt="e"',
      '>   src="e.png">',
      '> </div>',
      '',
    ].join('\n')
    expect(await problemsOf(source)).toEqual([
      'posts/p.md:4:13 Image not found: a.png',
      'posts/p.md:7:22 Image not found: b.png',
      'posts/p.md:11:12 Image not found: c.png',
      'posts/p.md:15:13 Image not found: d.png',
      'posts/p.md:20:10 Image not found: e.png',
    ])
  })

  it('the same image twice on a line and again later: each where it is, with CRLF line endings too', async () => {
    const source = '---\ntitle: f.png\n---\n![one](f.png) and ![two](f.png)\n\nText\n\n<img src="f.png">\n'
    const expected = ['posts/p.md:4:8 Image not found: f.png', 'posts/p.md:4:26 Image not found: f.png', 'posts/p.md:8:11 Image not found: f.png']
    expect(await problemsOf(source)).toEqual(expected)
    expect(await problemsOf(source.replace(/\n/g, '\r\n'))).toEqual(expected)
  })
})

describe('shownImageUrl: the one URL a page shows an image of its body at (a markdown twin links it)', () => {
  it("a raster image's plain variant, an SVG beside the post under assets/, one in public/ or elsewhere as written", async () => {
    const context = site()
    writeFileSync(join(context.postsDir, 'shot.png'), 'png bytes: the store is not a real one')
    writeFileSync(join(context.postsDir, 'flow.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    const variant = (format: string, width: number) => ({ format, width, url: `/assets/images/shot-${width}.${format}` })
    const store = {
      picture: async () => ({ kind: 'picture', width: 2400, height: 1200, fallback: 'jpeg', variants: [variant('avif', 1600), ...[480, 1600, 2400].map((width) => variant('jpeg', width))] }),
      file: async (file: string) => ({ kind: 'file', url: `/assets/images/${file.endsWith('flow.svg') ? 'flow-0123' : 'other'}.svg` }),
    } as unknown as ImageStore
    const shown = (src: string) => shownImageUrl(src, { ...context, store })
    expect(await shown('./shot.png')).toBe('/assets/images/shot-1600.jpeg')
    expect(await shown('./flow.svg')).toBe('/assets/images/flow-0123.svg')
    expect(await shown('/images/flow.svg')).toBe('/images/flow.svg')
    expect(await shown('https://example.com/chart.png')).toBe('https://example.com/chart.png')
    expect(await shown('./gone.png')).toBe('./gone.png')
  })

  it('a pasted image: the file made of it, published like one beside the post', async () => {
    const context = site()
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="3" height="4"></svg>'
    const source = `![p](data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')})\n`
    const [pasted] = extractPastedImages(source).images
    const store = { file: async (file: string) => ({ kind: 'file', url: `/assets/images/from-${file.slice(-24)}` }) } as unknown as ImageStore
    const url = await shownImageUrl(`${PASTED_PREFIX}${pasted!.name}`, { ...context, pastedDir: join(context.cwd, 'pasted'), readSource: () => source, store })
    expect(url).toBe(`/assets/images/from-${pasted!.name.slice(-24)}`)
  })
})
