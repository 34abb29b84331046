import { describe, expect, it } from 'vitest'
import { CardFonts, type TextStyle } from './cardFont.ts'

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
})
