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

/** User-perceived characters: a line is never broken inside one (an emoji with its modifiers, a letter with its accents). */
const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/** Scripts written without spaces, where a line may break between any two characters (UAX #14's ideographs). */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u
/** Punctuation a line must not start with (closing marks, CJK full stops and commas). */
const NO_START = /^[)\]}»”’、。，．：；！？）」』】〉》〕]/u

/**
 * `text` cut where a line may break: after a run of spaces (kept with the piece before it), after
 * a hyphen or a dash inside a word, and before and after each CJK character (never before closing
 * punctuation). Simpler than UAX #14, and enough for a card's title, subtitle and tags.
 */
export function breakPieces(text: string): string[] {
  const pieces: string[] = []
  let piece = ''
  const graphemes = [...GRAPHEMES.segment(text)].map(({ segment }) => segment)
  graphemes.forEach((grapheme, index) => {
    const following = graphemes[index + 1]
    piece += grapheme
    if (following === undefined) return
    const breaksAfter =
      (/\s/u.test(grapheme) && !/\s/u.test(following)) ||
      (/^[-‐–—/]$/u.test(grapheme) && /[\p{L}\p{N}]/u.test(following) && /[\p{L}\p{N}]/u.test(graphemes[index - 1] ?? '')) ||
      ((CJK.test(grapheme) || CJK.test(following)) && !/\s/u.test(following) && !NO_START.test(following))
    if (breaksAfter) {
      pieces.push(piece)
      piece = ''
    }
  })
  if (piece) pieces.push(piece)
  return pieces
}

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
   * `text` broken into at most `maxLines` lines of `maxWidth` px, where a line may break
   * (breakPieces: after a space or a hyphen, around a CJK character), inside a word only when the
   * word alone is wider than a line (between graphemes, so an emoji or an accented letter stays
   * whole), and the last line ended by an ellipsis when the text goes on.
   */
  wrap(text: string, style: TextStyle, maxWidth: number, maxLines: number): string[] {
    const pieces = breakPieces(text.trim().replace(/\s+/g, ' '))
    const lines: string[] = []
    const fits = (candidate: string) => this.width(candidate.trimEnd(), style) <= maxWidth
    let line = ''
    let next = 0
    for (; next < pieces.length && lines.length < maxLines; next++) {
      const piece = pieces[next]!
      if (fits(line + piece)) {
        line += piece
        continue
      }
      if (line) {
        lines.push(line.trimEnd())
        line = ''
        if (lines.length === maxLines) break
      }
      if (fits(piece)) {
        line = piece
        continue
      }
      // A piece wider than a line: as many graphemes as fit, then the rest on the next line.
      const graphemes = [...GRAPHEMES.segment(piece.trimEnd())].map(({ segment }) => segment)
      while (graphemes.length && lines.length < maxLines) {
        let fit = 1
        while (fit < graphemes.length && fits(graphemes.slice(0, fit + 1).join(''))) fit++
        const taken = graphemes.splice(0, fit).join('')
        if (!graphemes.length) line = taken
        else lines.push(taken)
      }
      if (graphemes.length) {
        pieces[next] = graphemes.join('')
        break
      }
    }
    if (line && lines.length < maxLines) lines.push(line.trimEnd())
    else if (line) next--
    if (next < pieces.length && lines.length) lines[lines.length - 1] = this.ellipsized(lines[lines.length - 1]!, style, maxWidth)
    return lines
  }

  /** `line` with an ellipsis after it, shortened by words (by characters for a single word) until both fit. */
  ellipsized(line: string, style: TextStyle, maxWidth: number): string {
    let text = line
    while (text && this.width(`${text}…`, style) > maxWidth) {
      const space = text.lastIndexOf(' ')
      text = space > 0 ? text.slice(0, space) : [...GRAPHEMES.segment(text)].slice(0, -1).map(({ segment }) => segment).join('')
    }
    return `${text.replace(/[\s,.;:–—-]+$/u, '')}…`
  }
}
