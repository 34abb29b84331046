import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Lexer, type Token } from 'marked'
import { describe, expect, it } from 'vitest'
import { findToken, lexPostBody, offsetOfToken, POST_LEXER_OPTIONS } from './tokenPositions.ts'

const postsDir = fileURLToPath(new URL('../../../posts', import.meta.url))
const lex = (markdown: string) => new Lexer(POST_LEXER_OPTIONS).lex(markdown)

// Tokens whose raw is the text as written (a paragraph's is not, in a quote: its lines lose their `>`).
const VERBATIM = new Set(['image', 'html', 'codespan', 'link', 'strong', 'em', 'del', 'escape', 'heading', 'code', 'hr'])

/** Each token whose raw is one line of the text as written, with the text found at its offset (which must be its raw). */
function singleLineTokens(markdown: string): { raw: string; found: string }[] {
  const text = markdown.replace(/\r\n?/g, '\n')
  const seen: { raw: string; found: string }[] = []
  findToken(lex(markdown), (token, offset) => {
    if ('type' in token && VERBATIM.has(token.type) && !token.raw.trimEnd().includes('\n')) seen.push({ raw: token.raw, found: text.slice(offset, offset + token.raw.length) })
    return false
  })
  return seen
}

/** The line and column in the file of the first token of `type` whose raw is `raw`. */
function whereIs(source: string, raw: string, nth = 0): string {
  const { tokens, positionAt } = lexPostBody(source)
  let left = nth
  const offset = findToken(tokens, (token) => 'raw' in token && token.raw === raw && left-- === 0)
  if (offset === undefined) throw new Error(`no token ${raw}`)
  const { line, column } = positionAt(offset)
  return `${line}:${column}`
}

describe('findToken', () => {
  const cases: [string, string][] = [
    ['paragraphs and inline markup', 'Intro with **bold _and em_** and `code` and [a link](/x "t") and ![img](a.png).\n\nSecond <b>para</b>\nwith a line break.\n'],
    ['a quote, nested, with a lazy line', '> quoted ![a](q.png)\n> > deeper <img src="d.png">\n> back\nlazy ![l](l.png)\n'],
    ['lists, tight, loose, nested, tasks', '- one ![a](1.png)\n- [ ] task ![t](t.png)\n  - nested <img src=n.png>\n    1. deeper `x`\n\n- loose\n\n  second para ![p](p.png)\n'],
    ['a table', '| a | ![h](h.png) |\n|:--|--:|\n| `c` | x <img src=c.png> y |\n| ![r](r.png) | z |\n'],
    ['headings, ATX and setext', '# One ![i](i.png) #\n\nTwo **x**\n===\n\n### Three {#three}\n'],
    ['a quote in a list in a quote', '> - item `c`\n>   > quoted ![q](q.png)\n>   > more <b>x</b>\n'],
    ['tabs in a quote and a list', '>\tquoted\tand ![a](t.png)\n\n-\titem ![b](u.png)\n'],
  ]

  it.each(cases)('%s: every one-line token is at its offset', (_, markdown) => {
    const tokens = singleLineTokens(markdown)
    expect(tokens.length).toBeGreaterThan(1)
    for (const { raw, found } of tokens) expect(found).toBe(raw)
  })

  it.each(readdirSync(postsDir).filter((name) => name.endsWith('.md')).map((name) => [name]))('the shipped post %s: every one-line token is at its offset', (name) => {
    for (const { raw, found } of singleLineTokens(readFileSync(join(postsDir, name), 'utf8'))) expect(found).toBe(raw)
  })

  it('finds the same offsets in a file with CRLF line endings', () => {
    const markdown = cases.map(([, text]) => text).join('\n')
    const tokens = singleLineTokens(markdown.replace(/\n/g, '\r\n'))
    expect(tokens).toEqual(singleLineTokens(markdown))
  })

  it('gives the offset of a token by identity, and none for one not there', () => {
    const tokens = lex('a\n\n> b\n> ![c](c.png)')
    const image = (tokens[2] as Token & { tokens: Token[] }).tokens[0]!
    expect(offsetOfToken(tokens, image)).toBe(5)
    expect(offsetOfToken(tokens, lex('x')[0]!)).toBeUndefined()
  })
})

describe('lexPostBody', () => {
  const frontmatter = '---\ntitle: "x.png"\nexcerpt: "See x.png"\n---\n'

  it('says where a token of the body is in the file, never in the frontmatter', () => {
    expect(whereIs(`${frontmatter}Text\n\n- a\n- b ![x](x.png)\n`, '![x](x.png)')).toBe('8:5')
  })

  it('counts lines as the file has them, CRLF or not', () => {
    const source = `${frontmatter}Text\n\n> ![x](x.png) and ![x](x.png)\n`
    expect(whereIs(source.replace(/\n/g, '\r\n'), '![x](x.png)', 1)).toBe(whereIs(source, '![x](x.png)', 1))
    expect(whereIs(source, '![x](x.png)', 1)).toBe('7:19')
  })

  it('reads past a byte-order mark', () => {
    expect(whereIs(`\uFEFF${frontmatter}![x](x.png)\n`, '![x](x.png)')).toBe('5:1')
  })

  it('reads a post without frontmatter from its first line', () => {
    expect(whereIs('<img src="x.png">\n', '<img src="x.png">\n')).toBe('1:1')
  })
})
