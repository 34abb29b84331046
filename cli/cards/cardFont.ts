import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import opentype, { type Font, type Glyph } from 'opentype.js'
import { toolRoot } from '../toolRoot.ts'

// The social cards' type: Inter, from the WOFF files of @fontsource/inter (never fetched), set by
// our own line breaking. A card's text is a title, a subtitle, a date and a few tags: lines of
// one size, broken at spaces, with an ellipsis where they are clamped. That is all the layout a
// card needs, and measuring it here takes microseconds where a general layout engine (satori)
// took 13 ms a card.

export type CardWeight = 400 | 600 | 700

/** @fontsource/inter's subsets, in the order a character is looked for. The first is read at once, the others when a character needs them. */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'] as const

export const fontDir = (root = toolRoot): string => join(root, 'node_modules', '@fontsource', 'inter', 'files')
export const fontFile = (subset: string, weight: CardWeight): string => `inter-${subset}-${weight}-normal.woff`

/** A glyph placed on a line: its font (one subset's file), the glyph, and its pen position in px from the line's start. */
export interface PlacedGlyph {
  font: Font
  /** Which subset's file, for the rasterized glyphs' cache key. */
  fontId: string
  glyph: Glyph
  x: number
}

export interface TextStyle {
  weight: CardWeight
  /** In px. */
  size: number
  /** Added after every character, in px (CSS letter-spacing). */
  letterSpacing?: number
}

/** Inter in every subset and weight a card uses; each file parsed the first time it is needed. */
export class CardFonts {
  readonly #root: string
  readonly #parsed = new Map<string, Font>()
  readonly #glyphs = new Map<string, { font: Font; fontId: string; glyph: Glyph }>()

  constructor(root = toolRoot) {
    this.#root = root
  }

  #font(subset: string, weight: CardWeight): Font {
    const id = `${subset}-${weight}`
    let font = this.#parsed.get(id)
    if (!font) {
      const bytes = readFileSync(join(fontDir(this.#root), fontFile(subset, weight)))
      font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)
      this.#parsed.set(id, font)
    }
    return font
  }

  /** Ascent and descent of Inter, as fractions of the size (the same in every subset). */
  metrics(weight: CardWeight): { ascent: number; descent: number } {
    const font = this.#font('latin', weight)
    return { ascent: font.ascender / font.unitsPerEm, descent: -font.descender / font.unitsPerEm }
  }

  /** The glyph of one character: from the first subset that has it, else latin's missing-glyph box. */
  #glyph(char: string, weight: CardWeight): { font: Font; fontId: string; glyph: Glyph } {
    const key = `${weight}${char}`
    let found = this.#glyphs.get(key)
    if (!found) this.#glyphs.set(key, (found = this.#find(char, weight)))
    return found
  }

  #find(char: string, weight: CardWeight): { font: Font; fontId: string; glyph: Glyph } {
    for (const subset of SUBSETS) {
      const font = this.#font(subset, weight)
      const index = font.charToGlyphIndex(char)
      if (index > 0) return { font, fontId: `${subset}-${weight}`, glyph: font.glyphs.get(index) }
    }
    const font = this.#font('latin', weight)
    return { font, fontId: `latin-${weight}`, glyph: font.glyphs.get(0) }
  }

  /** `text` set on one line: its glyphs and its width in px. */
  layout(text: string, style: TextStyle): { glyphs: PlacedGlyph[]; width: number } {
    const glyphs: PlacedGlyph[] = []
    const spacing = style.letterSpacing ?? 0
    let x = 0
    let previous: PlacedGlyph | undefined
    for (const char of text) {
      const { font, fontId, glyph } = this.#glyph(char, style.weight)
      const scale = style.size / font.unitsPerEm
      if (previous && previous.font === font) x += font.getKerningValue(previous.glyph, glyph) * scale
      const placed = { font, fontId, glyph, x }
      glyphs.push(placed)
      x += (glyph.advanceWidth ?? 0) * scale + spacing
      previous = placed
    }
    // The last character's spacing is not part of the line's ink.
    return { glyphs, width: Math.max(0, x - (glyphs.length ? spacing : 0)) }
  }

  width(text: string, style: TextStyle): number {
    return this.layout(text, style).width
  }

  /**
   * `text` broken into at most `maxLines` lines of `maxWidth` px: at spaces, inside a word only
   * when the word alone is wider than a line, and the last line ended by an ellipsis when the
   * text goes on.
   */
  wrap(text: string, style: TextStyle, maxWidth: number, maxLines: number): string[] {
    const words = text.trim().split(/\s+/).filter(Boolean)
    const lines: string[] = []
    let line = ''
    let rest = 0
    for (; rest < words.length; rest++) {
      const word = words[rest]!
      const candidate = line ? `${line} ${word}` : word
      if (this.width(candidate, style) <= maxWidth) {
        line = candidate
        continue
      }
      if (line) {
        lines.push(line)
        line = ''
        if (lines.length === maxLines) break
      }
      // A word wider than a line: as many characters as fit, then the rest on the next line.
      let piece = word
      while (this.width(piece, style) > maxWidth && lines.length < maxLines) {
        const chars = [...piece]
        let fit = 1
        while (fit < chars.length && this.width(chars.slice(0, fit + 1).join(''), style) <= maxWidth) fit++
        lines.push(chars.slice(0, fit).join(''))
        piece = chars.slice(fit).join('')
      }
      if (lines.length === maxLines) {
        if (piece) words[rest] = piece
        else rest++
        break
      }
      line = piece
    }
    if (line && lines.length < maxLines) {
      lines.push(line)
      rest = words.length
    }
    if (rest < words.length && lines.length) lines[lines.length - 1] = this.ellipsized(lines[lines.length - 1]!, style, maxWidth)
    return lines
  }

  /** `line` with an ellipsis after it, shortened by words (by characters for a single word) until both fit. */
  ellipsized(line: string, style: TextStyle, maxWidth: number): string {
    let text = line
    while (text && this.width(`${text}…`, style) > maxWidth) {
      const space = text.lastIndexOf(' ')
      text = space > 0 ? text.slice(0, space) : [...text].slice(0, -1).join('')
    }
    return `${text.replace(/[\s,.;:–—-]+$/u, '')}…`
  }
}
