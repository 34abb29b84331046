import matter from 'gray-matter'
import { describe, expect, it } from 'vitest'
import { FrontmatterSyntaxError, parseFrontmatter, splitFrontmatter } from './parseFrontmatter.ts'

// splitFrontmatter finds the end of the block itself, so gray-matter is only handed the block:
// the body must be exactly what gray-matter makes of the whole file.
const SOURCES: [name: string, source: string][] = [
  ['a block and a body', '---\ntitle: A\n---\n\n# Body\n\ntext\n'],
  ['CRLF line ends', '---\r\ntitle: A\r\n---\r\n\r\nBody\r\n'],
  ['no line after the closing ---', '---\ntitle: A\n---'],
  ['text after the closing --- on its line', '---\ntitle: A\n---extra\nBody\n'],
  ['a longer closing line', '---\ntitle: A\n-----\nBody\n'],
  ['an empty block', '---\n---\nBody\n'],
  ['no closing ---', '---\ntitle: A\nstill the block\n'],
  ['a --- rule in the body', '---\ntitle: A\n---\nBefore\n\n---\n\nAfter\n'],
  ['the body starting with blank lines', '---\ntitle: A\n---\n\n\n\nBody'],
]

describe('splitFrontmatter', () => {
  it.each(SOURCES)('splits %s where gray-matter does', (_name, source) => {
    const whole = matter(source, { language: 'yaml', engines: { yaml: () => ({}) } })
    const { block, body } = splitFrontmatter(source)
    expect(body).toBe(whole.content)
    expect(block!.startsWith('---')).toBe(true)
    // The block alone gives gray-matter the same frontmatter.
    expect(matter(block!, { language: 'yaml', engines: { yaml: () => ({}) } }).matter).toBe(whole.matter)
  })

  it('leaves a file that does not open with a bare --- line all body', () => {
    for (const source of ['# Title\n\n---\ntitle: A\n---\n', '---js\nmodule.exports = {}\n---\nBody', ' ---\ntitle: A\n---\n', '']) {
      expect(splitFrontmatter(source)).toEqual({ body: source })
    }
  })
})

describe('parseFrontmatter', () => {
  it('reads the data, the body, the positions of the keys and the closing line', () => {
    const parsed = parseFrontmatter('---\ntitle: "Hello"\ntags: [a, b]\n---\nBody\n')
    expect(parsed).toMatchObject({ data: { title: 'Hello', tags: ['a', 'b'] }, body: 'Body\n', hasFrontmatter: true, endLine: 4 })
    expect(parsed.positions.get('tags')).toEqual({ line: 3, column: 7 })
  })

  it('finds the keys only in the block the split found, and its closing line there (gray-matter closes it at a line that starts with ---)', () => {
    const parsed = parseFrontmatter('---\ntitle: A\n---extra\nfoo: bar\n')
    expect(parsed.body).toBe('extra\nfoo: bar\n')
    expect([...parsed.positions.keys()]).toEqual(['title'])
    expect(parsed.endLine).toBe(3)
    // A block that is never closed runs to the end of the file: its keys are found, the closing line is unknown.
    const unclosed = parseFrontmatter('---\ntitle: A\ntags: [a]\n')
    expect([...unclosed.positions.keys()]).toEqual(['title', 'tags'])
    expect(unclosed.endLine).toBe(1)
  })

  it('reports a YAML error at its line and column in the file', () => {
    let error: unknown
    try {
      parseFrontmatter('---\ntitle: A\ntags: [a, b\n---\nBody\n')
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(FrontmatterSyntaxError)
    expect((error as FrontmatterSyntaxError).line).toBeGreaterThanOrEqual(3)
  })

  it('keeps a calendar day the string the writer typed', () => {
    expect(parseFrontmatter('---\ndate: 2025-01-05\n---\n').data.date).toBe('2025-01-05')
  })
})
