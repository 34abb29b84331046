import { describe, expect, it } from 'vitest'
import { CardFonts, type TextStyle } from './cardFont.ts'
import { breakPieces } from './lineBreaks.ts'

const fonts = new CardFonts()
const TITLE: TextStyle = { weight: 700, size: 64, letterSpacing: -1 }

describe('CardFonts', () => {
  it('measures wider text as wider, bold as wider than regular, and letter spacing once between characters', () => {
    const regular = fonts.width('Kubernetes', { weight: 400, size: 26 })
    expect(regular).toBeGreaterThan(100)
    expect(fonts.width('Kubernetes', { weight: 700, size: 26 })).toBeGreaterThan(regular)
    expect(fonts.width('Kubernetes', { weight: 400, size: 52 })).toBeCloseTo(regular * 2, 5)
    expect(fonts.width('Kubernetes', { weight: 400, size: 26, letterSpacing: 2 })).toBeCloseTo(regular + 9 * 2, 5)
  })

  it('finds each character in the subset that has it: Latin, Cyrillic, Greek, Vietnamese', () => {
    for (const text of ['Žluťoučký', 'Привет', 'Ελληνικά', 'Tiếng Việt']) {
      const { glyphs } = fonts.layout(text, TITLE)
      expect(glyphs.every((placed) => placed.glyph.index > 0)).toBe(true)
    }
    expect(new Set(fonts.layout('Aж', TITLE).glyphs.map((placed) => placed.fontId))).toEqual(new Set(['latin-700', 'cyrillic-700']))
  })

  it('breaks a title at spaces into lines that fit', () => {
    const title = 'Runtime threat detection for Kubernetes clusters: what the agent sees'
    const lines = fonts.wrap(title, TITLE, 1040, 3)
    expect(lines.length).toBe(3)
    expect(lines.join(' ')).toBe(title)
    for (const line of lines) expect(fonts.width(line, TITLE)).toBeLessThanOrEqual(1040)
  })

  it('ends the last line with an ellipsis when the text goes on, still within the width', () => {
    const title = 'A very long title that goes on and on about admission controllers, policies, supply chain attestations, and why SBOMs matter for every single team'
    const lines = fonts.wrap(title, TITLE, 1040, 3)
    expect(lines.length).toBe(3)
    expect(lines[2]).toMatch(/[a-z]…$/)
    expect(fonts.width(lines[2]!, TITLE)).toBeLessThanOrEqual(1040)
    expect(title.startsWith(lines.join(' ').slice(0, -1))).toBe(true)
  })

  it('breaks a word wider than a line inside it', () => {
    const word = 'x'.repeat(40)
    const lines = fonts.wrap(word, TITLE, 400, 5)
    expect(lines.length).toBeGreaterThan(1)
    expect(lines.join('')).toBe(word)
    for (const line of lines) expect(fonts.width(line, TITLE)).toBeLessThanOrEqual(400)
    expect(fonts.wrap(word, TITLE, 400, 2).at(-1)).toMatch(/…$/)
  })

  it('gives no line for empty text', () => {
    expect(fonts.wrap('   ', TITLE, 1040, 3)).toEqual([])
  })

  it('wraps a CJK title, which has no spaces, between its characters, within the width', () => {
    const title = 'クラスタのネットワークポリシーを実際のトラフィックから自動生成する方法について詳しく解説します'
    const lines = fonts.wrap(title, TITLE, 1040, 3)
    expect(lines.length).toBeGreaterThan(1)
    for (const line of lines) expect(fonts.width(line, TITLE)).toBeLessThanOrEqual(1040)
    expect(lines.join('').replace(/…$/, '')).toBe(title.slice(0, lines.join('').replace(/…$/, '').length))
  })

  it('breaks a long hyphenated word after a hyphen before breaking inside a part', () => {
    const lines = fonts.wrap('Least-privilege-network-policies-generated-from-real-traffic', TITLE, 700, 3)
    expect(lines.length).toBeGreaterThan(1)
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/-$/)
    for (const line of lines) expect(fonts.width(line, TITLE)).toBeLessThanOrEqual(700)
  })

  it('never breaks inside a grapheme: an emoji with its modifier, a letter with its accent', () => {
    const word = '👩🏽‍💻e\u0301'.repeat(12)
    const lines = fonts.wrap(word, TITLE, 300, 30)
    expect(lines.length).toBeGreaterThan(1)
    expect(lines.join('')).toBe(word)
    const graphemes = (line: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(line)].map(({ segment }) => segment)
    for (const line of lines) expect(new Set(graphemes(line))).toEqual(new Set(graphemes(line).filter((grapheme) => ['👩🏽‍💻', 'e\u0301'].includes(grapheme))))
  })
})

describe('breakPieces', () => {
  it.each([
    ['Runtime threat detection', ['Runtime ', 'threat ', 'detection']],
    ['least-privilege policies', ['least-', 'privilege ', 'policies']],
    ['a - b', ['a ', '- ', 'b']],
    ['日本語のタイトル。次', ['日', '本', '語', 'の', 'タ', 'イ', 'ト', 'ル。', '次']],
    ['Kubernetes 入門', ['Kubernetes ', '入', '門']],
  ])('%s', (text, pieces) => {
    expect(breakPieces(text)).toEqual(pieces)
  })
})
