import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { PASTED_DIR } from '../../images/pastedImages.ts'
import { describe, expect, it } from 'vitest'
import { createMarkdownRenderer } from './renderMarkdown.ts'
import { PASTED_PREFIX, extractPastedImages } from './pastedImages.ts'

// A megabyte of image as base64: past the 20,000 characters a line may have, as pasted screenshots are.
const bytes = Buffer.alloc(1024 * 1024, 7)
const base64 = bytes.toString('base64')

describe('extractPastedImages', () => {
  it('replaces a pasted image in markdown and in an src attribute by a path named by its bytes', () => {
    const { markdown, images } = extractPastedImages(`![Pasted](data:image/png;base64,${base64})\n\n<img src="data:image/jpeg;base64,${base64}" alt="">\n`)
    expect(images.map((image) => image.name)).toEqual([expect.stringMatching(/^[0-9a-f]{20}\.png$/), expect.stringMatching(/^[0-9a-f]{20}\.jpg$/)])
    expect(images[0]!.bytes.equals(bytes)).toBe(true)
    expect(markdown).toBe(`![Pasted](${PASTED_PREFIX}${images[0]!.name})\n\n<img src="${PASTED_PREFIX}${images[1]!.name}" alt="">\n`)
  })

  it('refuses a pasted image that is not valid base64, at the line and column its data: URL starts', () => {
    for (const broken of [`${base64.slice(0, 40)}%%not-base64`, 'iVBORw0KGgoAA']) {
      const markdown = `# Shots\n\nText.\n  ![Pasted](data:image/png;base64,${broken})\n`
      expect(() => extractPastedImages(markdown)).toThrow(expect.objectContaining({ message: 'the image pasted here (a data:image/png URL) is not valid base64', line: 4, column: 13 }))
    }
    // The ends of a markdown link and of an attribute are where base64 stops.
    expect(extractPastedImages(`![a](data:image/png;base64,${base64} "title")`).images).toHaveLength(1)
    expect(extractPastedImages(`<img src='data:image/png;base64,${base64}'>`).images).toHaveLength(1)
  })

  it('leaves a data: URL that is no image URL, or of a type it does not know, as written', () => {
    const text = `Write \`data:image/png;base64,AAAA\` in a sentence, or ![x](data:image/x-icon;base64,AAAA)`
    expect(extractPastedImages(text)).toEqual({ markdown: text, images: [] })
  })
})

describe('a post with a pasted image', () => {
  it('renders, past the line limit, with a path in the image’s place and no file written: the images stage writes it', () => {
    // Bytes of this run alone: no earlier build can have written their file.
    const unique = Buffer.concat([randomBytes(16), bytes]).toString('base64')
    const html = createMarkdownRenderer()(`A screenshot:\n\n![The panel](data:image/png;base64,${unique})\n`)
    const [, name] = /<img src="\/@pasted\/([0-9a-f]{20}\.png)" alt="The panel"/.exec(html)!
    expect(name).toBe(extractPastedImages(`![The panel](data:image/png;base64,${unique})`).images[0]!.name)
    expect(existsSync(join(PASTED_DIR, name!))).toBe(false)
  })

  it('renders a 5 MB post of ordinary markdown', () => {
    const paragraph = `${'Least privilege for every service account, reviewed in each pull request. '.repeat(12)}\n\n`
    const markdown = `# A long post\n\n${paragraph.repeat(Math.ceil((5 * 1024 * 1024) / paragraph.length))}`
    expect(markdown.length).toBeGreaterThan(5 * 1024 * 1024)
    const html = createMarkdownRenderer()(markdown)
    expect(html.startsWith('<h1 id="a-long-post">')).toBe(true)
  })
})
