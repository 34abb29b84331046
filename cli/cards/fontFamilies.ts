import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { toolRoot } from '../toolRoot.ts'

// Noto Sans (JP, SC, TC, KR, Arabic, Hebrew) for what Inter lacks, in @fontsource's Unicode-range files: a card reads only those holding its characters.

export interface FontFamily {
  /** The family's name in a glyph's font id (the glyph cache's key). */
  id: string
  /** Its @fontsource package (node_modules/@fontsource/<package>/). */
  package: string
}

export const NOTO = {
  jp: { id: 'noto-jp', package: 'noto-sans-jp' },
  sc: { id: 'noto-sc', package: 'noto-sans-sc' },
  tc: { id: 'noto-tc', package: 'noto-sans-tc' },
  kr: { id: 'noto-kr', package: 'noto-sans-kr' },
  arabic: { id: 'noto-arabic', package: 'noto-sans-arabic' },
  hebrew: { id: 'noto-hebrew', package: 'noto-sans-hebrew' },
} as const satisfies Record<string, FontFamily>

/** Inter's files (the cards' first font, cut by script: latin, cyrillic, greek…). */
export const fontDir = (root = toolRoot): string => join(root, 'node_modules', '@fontsource', 'inter', 'files')
export const fontFile = (subset: string, weight: number): string => `inter-${subset}-${weight}-normal.woff`

/** Every package whose files a card may read (their versions are part of the cards' key: fingerprint.ts). */
export const CARD_FONT_PACKAGES = ['@fontsource/inter', ...Object.values(NOTO).map((family) => `@fontsource/${family.package}`)]

/** The CJK families for text whose script (ISO 15924, from its language or its characters) is `script`: its own first, so a Han character takes that language's form. */
const CJK_ORDER: Record<string, FontFamily[]> = {
  Jpan: [NOTO.jp, NOTO.sc, NOTO.tc, NOTO.kr],
  Kore: [NOTO.kr, NOTO.jp, NOTO.sc, NOTO.tc],
  Hans: [NOTO.sc, NOTO.tc, NOTO.jp, NOTO.kr],
  Hant: [NOTO.tc, NOTO.sc, NOTO.jp, NOTO.kr],
}

/** The families looked in for what Inter lacks: CJK in the order of `language`'s script (ja, zh-TW…) or of `text`'s (kana, Hangul, else SC), then Arabic, Hebrew. */
export function fallbackFamilies(language: string, text: string): FontFamily[] {
  let script: string | undefined
  try {
    script = new Intl.Locale(language).maximize().script
  } catch {
    script = undefined
  }
  if (!script || !CJK_ORDER[script]) script = /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text) ? 'Jpan' : /\p{Script=Hangul}/u.test(text) ? 'Kore' : 'Hans'
  return [...CJK_ORDER[script]!, NOTO.arabic, NOTO.hebrew]
}

/** A family's files and the code points each holds, read from its unicode.json once per thread. */
export class FamilyFiles {
  readonly #root: string
  readonly #ranges = new Map<string, { subset: string; ranges: Uint32Array }[]>()

  constructor(root = toolRoot) {
    this.#root = root
  }

  /** The file of `family` at `weight` that holds `codePoint`, or undefined when none does. */
  fileOf(family: FontFamily, codePoint: number, weight: number): string | undefined {
    const subset = this.#subsets(family).find(({ ranges }) => inRanges(ranges, codePoint))?.subset
    return subset === undefined ? undefined : join(this.#dir(family), 'files', `${family.package}-${subset}-${weight}-normal.woff`)
  }

  #dir(family: FontFamily): string {
    return join(this.#root, 'node_modules', '@fontsource', family.package)
  }

  #subsets(family: FontFamily): { subset: string; ranges: Uint32Array }[] {
    let subsets = this.#ranges.get(family.id)
    if (!subsets) {
      const listed = JSON.parse(readFileSync(join(this.#dir(family), 'unicode.json'), 'utf8')) as Record<string, string>
      // "[12]" names the file noto-sans-jp-12-…; the named ones (latin, cyrillic…) by their name.
      subsets = Object.entries(listed).map(([name, ranges]) => ({ subset: name.replace(/^\[(\d+)\]$/, '$1'), ranges: parseRanges(ranges) }))
      this.#ranges.set(family.id, subsets)
    }
    return subsets
  }
}

/** 'U+0600-06FF,U+200C' → [0x600, 0x6ff, 0x200c, 0x200c]: pairs of first and last code point. */
export function parseRanges(css: string): Uint32Array {
  const pairs = css.split(',').flatMap((range) => {
    const [first, last = first] = range.trim().replace(/^U\+/i, '').split('-') as [string, string?]
    return [parseInt(first, 16), parseInt(last!, 16)]
  })
  return Uint32Array.from(pairs)
}

function inRanges(ranges: Uint32Array, codePoint: number): boolean {
  for (let i = 0; i < ranges.length; i += 2) if (codePoint >= ranges[i]! && codePoint <= ranges[i + 1]!) return true
  return false
}
