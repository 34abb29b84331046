import { readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import opentype, { type Font, type Glyph } from 'opentype.js'
import { internalError } from '../errors.ts'
import { toolRoot } from '../toolRoot.ts'
import { RTL_TEXT, mirrored, visualRuns } from './bidiLine.ts'
import { wrapLines } from './lineBreaks.ts'
import { FamilyFiles, NOTO, fallbackFamilies, fontDir, fontFile, type FontFamily } from './fontFamilies.ts'
import { woffToSfnt } from './fontFiles.ts'
import type { Shaper } from './shapeText.ts'

// The cards' type: Inter, else Noto Sans (fontFamilies.ts), Arabic and Hebrew shaped by HarfBuzz, lines in visual order
// (bidiLine.ts), broken at spaces and between CJK characters and clamped: microseconds, where satori took 13 ms a card.

export type CardWeight = 400 | 600 | 700

/** @fontsource/inter's subsets, in the order a character is looked for. The first is read at once, the others when a character needs them. */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'] as const

/** A glyph placed on a line: its font (one file of a family), the glyph, and its pen position in px from the line's start. */
export interface PlacedGlyph {
  font: Font
  /** Which file, for the rasterized glyphs' cache key. */
  fontId: string
  glyph: Glyph
  x: number
  /** Raised this many px above the baseline (a mark HarfBuzz placed). */
  y?: number
  /** The character no card font has, drawn as Inter's missing-glyph box. */
  missing?: string
}

export interface TextStyle {
  weight: CardWeight
  /** In px. */
  size: number
  /** Added after every character, in px (CSS letter-spacing); not inside shaped (Arabic, Hebrew) text, whose letters join. */
  letterSpacing?: number
  /** The text's language (BCP 47): which forms Han characters take (ja, zh-Hans, zh-Hant, ko), and HarfBuzz's language. Default: en. */
  language?: string
  /** The paragraph's direction (bidiLine.ts paragraphDirection). Default: ltr. */
  direction?: 'ltr' | 'rtl'
}

interface Found {
  font: Font
  fontId: string
  glyph: Glyph
  missing?: string
}

/** A glyph before it is placed: from a shaper, with its advance and offsets in font units; else set alone (kerned and spaced). */
interface Item extends Found {
  shaped?: { advance: number; dx: number; dy: number }
}

/** Scripts set by the shaper, by the family that has them. */
const SHAPED: [RegExp, FontFamily][] = [[/\p{Script_Extensions=Arabic}/u, NOTO.arabic], [/\p{Script_Extensions=Hebrew}/u, NOTO.hebrew]]
/** Joiners take the script of the letter before them (ZWNJ breaks a join in Persian). */
const JOINERS = /^[\u200c\u200d]$/u
/** What is never drawn nor missed when absent (variation selectors, joiners): not reported as missing. */
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u

/** The card fonts in every file and weight a card uses; each file parsed the first time it is needed. */
export class CardFonts {
  readonly #root: string
  readonly #shaper: Shaper | undefined
  readonly #families: FamilyFiles
  readonly #parsed = new Map<string, Font>()
  readonly #sfnt = new WeakMap<Font, Uint8Array>()
  readonly #glyphs = new Map<string, Found | null>()
  readonly #fallbacks = new Map<string, Found>()
  readonly #orders = new Map<string, FontFamily[]>()

  /** `shaper` sets Arabic and Hebrew (loadShaper): without it, a text in either is our bug. */
  constructor(root = toolRoot, { shaper }: { shaper?: Shaper } = {}) {
    this.#root = root
    this.#shaper = shaper
    this.#families = new FamilyFiles(root)
  }

  /** The font in WOFF `file`, inflated by Node's zlib (opentype.js's fails on some Noto files); its TrueType bytes kept for the shaper. */
  #parse(file: string): Font {
    let font = this.#parsed.get(file)
    if (!font) {
      const sfnt = woffToSfnt(readFileSync(file))
      const data = (sfnt.byteOffset === 0 && sfnt.byteLength === sfnt.buffer.byteLength ? sfnt.buffer : sfnt.buffer.slice(sfnt.byteOffset, sfnt.byteOffset + sfnt.byteLength)) as ArrayBuffer
      font = opentype.parse(data)
      this.#parsed.set(file, font)
      this.#sfnt.set(font, new Uint8Array(data))
    }
    return font
  }

  #font(subset: string, weight: CardWeight): Font {
    return this.#parse(join(fontDir(this.#root), fontFile(subset, weight)))
  }

  /** Ascent and descent of Inter, as fractions of the size (the same in every subset): every line's, whatever its script. */
  metrics(weight: CardWeight): { ascent: number; descent: number } {
    const font = this.#font('latin', weight)
    return { ascent: font.ascender / font.unitsPerEm, descent: -font.descender / font.unitsPerEm }
  }

  /** The glyph of one character: from Inter's first subset with it, else the first of `families`, else Inter's missing-glyph box, marked missing. */
  #glyph(char: string, weight: CardWeight, language: string, text: string): Found {
    const key = `${weight}${char}`
    let found = this.#glyphs.get(key)
    if (found === undefined) this.#glyphs.set(key, (found = this.#inInter(char, weight) ?? null))
    if (found) return found
    const order = this.#familiesFor(language, text)
    const fallbackKey = `${weight}${order.map((family) => family.id).join()}${char}`
    let fallback = this.#fallbacks.get(fallbackKey)
    if (!fallback) this.#fallbacks.set(fallbackKey, (fallback = this.#inFamilies(char, weight, order)))
    return fallback
  }

  #inInter(char: string, weight: CardWeight): Found | undefined {
    for (const subset of SUBSETS) {
      const font = this.#font(subset, weight)
      const index = font.charToGlyphIndex(char)
      if (index > 0) return { font, fontId: `${subset}-${weight}`, glyph: font.glyphs.get(index) }
    }
    return undefined
  }

  #inFamilies(char: string, weight: CardWeight, families: FontFamily[]): Found {
    for (const family of families) {
      const file = this.#families.fileOf(family, char.codePointAt(0)!, weight)
      if (!file) continue
      const font = this.#parse(file)
      const index = font.charToGlyphIndex(char)
      if (index > 0) return { font, fontId: basename(file, '.woff'), glyph: font.glyphs.get(index) }
    }
    return this.#notdef(char, weight)
  }

  #notdef(char: string, weight: CardWeight): Found {
    const font = this.#font('latin', weight)
    return { font, fontId: `latin-${weight}`, glyph: font.glyphs.get(0), ...(!IGNORABLE.test(char) && { missing: char }) }
  }

  /** The fallback families of a text in `language` (memoized: wrap measures a title many times). */
  #familiesFor(language: string, text: string): FontFamily[] {
    const key = `${language}\0${/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text) ? 'kana' : /\p{Script=Hangul}/u.test(text) ? 'hangul' : ''}`
    let order = this.#orders.get(key)
    if (!order) this.#orders.set(key, (order = fallbackFamilies(language, text)))
    return order
  }

  /** `text` set on one line, in visual order: its glyphs and its width in px. */
  layout(text: string, style: TextStyle): { glyphs: PlacedGlyph[]; width: number } {
    const language = style.language ?? 'en'
    const direction = style.direction ?? 'ltr'
    if (direction === 'ltr' && !RTL_TEXT.test(text)) {
      // Left to right, each character alone: placed as it is found (most cards, and the fastest path).
      return place([...text].map((char) => this.#glyph(char, style.weight, language, text)), style)
    }
    // Mixed directions: runs at one level and in one kind of font (shaped or not), in visual order.
    const kinds = shapedKinds(text)
    const items: Item[] = []
    for (const run of visualRuns(text, direction, (i) => kinds[i] !== kinds[i - 1])) {
      const part = text.slice(run.start, run.end)
      const rtl = run.level % 2 === 1
      const family = kinds[run.start]
      if (family) {
        items.push(...this.#shaped(part, family, style, rtl ? 'rtl' : 'ltr', language))
        continue
      }
      const chars = [...part].map((char) => this.#glyph(rtl ? mirrored(char) : char, style.weight, language, text))
      items.push(...(rtl ? chars.reverse() : chars))
    }
    return place(items, style)
  }

  /** `text`, all of `family`'s script, shaped by HarfBuzz in the family's file that holds it. */
  #shaped(text: string, family: FontFamily, style: TextStyle, direction: 'ltr' | 'rtl', language: string): Item[] {
    if (!this.#shaper) throw internalError(`a social card's text in ${family.id} was laid out without a shaper (renderCards loads one for a card that needs it)`)
    const file = this.#families.fileOf(family, text.codePointAt(0)!, style.weight)
    if (!file) return [...text].map((char) => this.#notdef(char, style.weight))
    const font = this.#parse(file)
    const fontId = basename(file, '.woff')
    return this.#shaper.shape(fontId, () => this.#sfnt.get(font)!, text, direction, language).map((shaped): Item => {
      const missing = shaped.index === 0 ? String.fromCodePoint(text.codePointAt(shaped.cluster)!) : undefined
      return { font, fontId, glyph: font.glyphs.get(shaped.index), shaped: { advance: shaped.advance, dx: shaped.dx, dy: shaped.dy }, ...(missing && !IGNORABLE.test(missing) && { missing }) }
    })
  }

  width(text: string, style: TextStyle): number {
    return this.layout(text, style).width
  }

  /** `text` in at most `maxLines` lines of `maxWidth` px, an ellipsis ending the last when the text goes on (lineBreaks.ts wrapLines). */
  wrap(text: string, style: TextStyle, maxWidth: number, maxLines: number): string[] {
    return wrapLines(text, (line) => this.width(line, style), maxWidth, maxLines)
  }
}

/** Glyphs placed left to right: one set alone kerned against the one before in its file and spaced, a shaped one where HarfBuzz put it. */
function place(items: readonly Item[], style: TextStyle): { glyphs: PlacedGlyph[]; width: number } {
  const glyphs: PlacedGlyph[] = []
  const spacing = style.letterSpacing ?? 0
  let x = 0
  let previous: Item | undefined
  for (const item of items) {
    const { font, fontId, glyph, shaped, missing } = item
    const scale = style.size / font.unitsPerEm
    if (!shaped && previous && !previous.shaped && previous.font === font) x += font.getKerningValue(previous.glyph, glyph) * scale
    const placed: PlacedGlyph = shaped ? { font, fontId, glyph, x: x + shaped.dx * scale, y: shaped.dy * scale } : { font, fontId, glyph, x }
    if (missing) placed.missing = missing
    glyphs.push(placed)
    x += shaped ? shaped.advance * scale : (glyph.advanceWidth ?? 0) * scale + spacing
    previous = item
  }
  // The last character's spacing is not part of the line's ink.
  return { glyphs, width: Math.max(0, x - (previous && !previous.shaped ? spacing : 0)) }
}

/** For each UTF-16 offset of `text`, the family that shapes its character, or undefined for a character set alone. */
function shapedKinds(text: string): (FontFamily | undefined)[] {
  const kinds: (FontFamily | undefined)[] = []
  let previous: FontFamily | undefined
  for (const char of text) {
    const kind = JOINERS.test(char) ? previous : SHAPED.find(([script]) => script.test(char))?.[1]
    for (let unit = 0; unit < char.length; unit++) kinds.push(kind)
    previous = kind
  }
  return kinds
}
