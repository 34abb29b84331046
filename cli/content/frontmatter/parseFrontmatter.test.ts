import matter from 'gray-matter'
import { describe, expect, it } from 'vitest'
import { FrontmatterLimitError, FrontmatterSyntaxError, parseFrontmatter, splitFrontmatter } from './parseFrontmatter.ts'

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

  it('keeps a calendar day the string the writer typed', () => {
    expect(parseFrontmatter('---\ndate: 2025-01-05\n---\n').data.date).toBe('2025-01-05')
  })

  // js-yaml 3's core schema, where a writer would notice.
  it.each([
    ['yes, no, on and off are text', 'draft: yes\ntoc: off', { draft: 'yes', toc: 'off' }],
    ['true and false in any case are booleans', 'draft: True\ntoc: FALSE', { draft: true, toc: false }],
    ['a time is a number in base 60, as YAML 1.1 reads it (quote it for text)', 'title: 12:30', { title: 750 }],
    ['a tab before a list item indents it', 'tags:\n\t- a', { tags: ['a'] }],
    ['a date and time is text', 'updated: 2025-01-05 10:00:00', { updated: '2025-01-05 10:00:00' }],
    ['<< is a key like any other, not a merge', 'base: &b {x: 1}\nm: {<<: *b}', { base: { x: 1 }, m: { '<<': { x: 1 } } }],
    ['an alias repeats its anchor', 'lightImage: &i /a.png\ndarkImage: *i', { lightImage: '/a.png', darkImage: '/a.png' }],
    ['__proto__ is a key of its own', '__proto__: {a: 1}', JSON.parse('{"__proto__": {"a": 1}}')],
    ['CRLF line ends', 'title: a\r\ntags: [k8s]\r', { title: 'a', tags: ['k8s'] }],
    ['a list over lines, closed at the start of one', 'tags: [\n  a,\n  b\n]', { tags: ['a', 'b'] }],
  ])('%s', (_name, yaml, data) => {
    const parsed = parseFrontmatter(`---\n${yaml}\n---\nBody\n`)
    expect(parsed.data).toEqual(data)
    expect(Object.getPrototypeOf(parsed.data)).toBe(Object.prototype)
  })

  it('a list may hold itself: the data does too, and no alias is expanded', () => {
    const { loop } = parseFrontmatter('---\nloop: &a [x, *a]\n---\n').data as { loop: unknown[] }
    expect(loop[1]).toBe(loop)
  })

  // Each at its line and column in the file (the block opens on line 1), with a hint where the usual one (quote, close) is not it.
  it.each([
    ['an unclosed list', 'title: A\ntags: [a, b', 'unexpected end of the stream within a flow collection', 4, 1, undefined],
    ['a key given twice', 'title: a\nexcerpt: b\ntitle: c', 'a key is given twice', 4, 1, 'Keep one of the two: the later would replace the earlier.'],
    ['a key given twice, quoted', 'x: {a: 1, "a": 2}', 'a key is given twice', 2, 17, 'Keep one of the two: the later would replace the earlier.'],
    ['a tag of code', 'title: !!js/function "function () {}"', 'unknown tag !!js/function', 2, 38, 'Remove the tag: a frontmatter is plain YAML (text, lists, true and false), and no tag is run as code.'],
    ['a tag outside the core schema', 'image: !!binary aGVsbG8=', 'unknown tag !!binary', 2, 25, 'Remove the tag: a frontmatter is plain YAML (text, lists, true and false), and no tag is run as code.'],
    ['an alias before its anchor', 'title: a\ntags: [k8s, *t]\nx: &t y', 'the alias *t names no anchor (&t) before it', 3, 15, 'Mark the value to repeat with &t before the alias, or write the value out.'],
    ['an unclosed list, in CRLF lines', 'title: A\r\ntags: [a, b\r', 'unexpected end of the stream within a flow collection', 3, 13, undefined],
  ])('refuses %s at its line and column', (_name, yaml, reason, line, column, hint) => {
    const error = refusal(`---\n${yaml}\n---\nBody\n`)
    expect(error).toBeInstanceOf(FrontmatterSyntaxError)
    expect(error).not.toBeInstanceOf(FrontmatterLimitError)
    expect({ reason: error.reason, line: error.line, column: error.column, hint: error.hint }).toEqual({ reason, line, column, hint })
  })

  it('refuses a list nested 5,000 deep where the parser ran out of stack', () => {
    const error = refusal(`---\nx: ${'['.repeat(5000)}${']'.repeat(5000)}\n---\n`)
    expect([error.constructor, error.reason, error.line]).toEqual([FrontmatterSyntaxError, 'it is nested too deeply', 1])
  })

  it.each([
    ['16 aliases are read', `a: &a x\nb: [${Array(16).fill('*a').join(', ')}]`, undefined],
    ['the 17th alias is refused at its line and column', `a: &a x\nb: [${Array(17).fill('*a').join(', ')}]`, ['the frontmatter has more than 16 aliases (*name): *a here is alias 17', 3, 69]],
    ['as are aliases of aliases', 'a: &a [x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c]', ['the frontmatter has more than 16 aliases (*name): *c here is alias 17', 5, 5]],
    // The block, its --- lines included: 17 characters and the title's.
    ['16,384 characters are read', `title: "${'a'.repeat(16_384 - 17)}"`, undefined],
    ['one more is refused at the opening line', `title: "${'a'.repeat(16_384 - 16)}"`, ['the frontmatter is 16385 characters long, more than the 16384 it may have', 1, 1]],
  ])('%s', (_name, yaml, refused) => {
    const source = `---\n${yaml}\n---\nBody\n`
    if (!refused) return expect(parseFrontmatter(source).body).toBe('Body\n')
    const error = refusal(source)
    expect(error).toBeInstanceOf(FrontmatterLimitError)
    expect([error.reason, error.line, error.column]).toEqual(refused)
  })
})

function refusal(source: string): FrontmatterSyntaxError {
  try {
    parseFrontmatter(source)
  } catch (error) {
    return error as FrontmatterSyntaxError
  }
  throw new Error('expected the frontmatter to be refused')
}
