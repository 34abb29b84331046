import { createRequire } from 'node:module'
import type { Bidi } from 'bidi-js'

// A card's line in visual order by bidi-js (UAX #9, conformant): titles need numbers after Arabic (W2), neutrals (N1, N2), paired mirrored brackets (N0, L4).

/** Characters of the right-to-left scripts (and their presentation forms): a line without any, in a left-to-right paragraph, is in visual order as it is. */
export const RTL_TEXT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u

let bidi: Bidi | undefined
/** bidi-js, loaded on first use (CommonJS: at once, in the drawing's synchronous path). */
function bidiJs(): Bidi {
  if (!bidi) bidi = (createRequire(import.meta.url)('bidi-js') as () => Bidi)()
  return bidi
}

/** A run of a line: its text (UTF-16 offsets `start`–`end`, end exclusive) at one embedding level (odd: right to left). */
export interface LevelRun {
  start: number
  end: number
  level: number
}

/** The runs of `text` at one level each in visual order, for a paragraph in `direction`; `split(i)` may cut a run before offset i (a font change). */
export function visualRuns(text: string, direction: 'ltr' | 'rtl', split: (i: number) => boolean = () => false): LevelRun[] {
  const { levels } = bidiJs().getEmbeddingLevels(text, direction)
  const runs: LevelRun[] = []
  for (let i = 0; i < text.length; i++) {
    const last = runs.at(-1)
    if (last && last.level === levels[i] && !split(i)) last.end = i + 1
    else runs.push({ start: i, end: i + 1, level: levels[i]! })
  }
  // L2: from the highest level down to the lowest odd one, reverse every sequence of runs at that level or higher.
  const highest = Math.max(0, ...runs.map((run) => run.level))
  const lowestOdd = Math.min(...runs.map((run) => run.level | 1))
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length; ) {
      if (runs[i]!.level < level) {
        i++
        continue
      }
      let j = i
      while (j < runs.length && runs[j]!.level >= level) j++
      runs.splice(i, j - i, ...runs.slice(i, j).reverse())
      i = j
    }
  }
  return runs
}

/** `char` as drawn in a right-to-left run: a bracket or another mirrored character turned round (L4). */
export const mirrored = (char: string): string => bidiJs().getMirroredCharacter(char) ?? char

/** The paragraph's direction: `rtl` for a language written so, else that of the text's first strong character (P2, P3). */
export function paragraphDirection(text: string, languageDirection: 'ltr' | 'rtl'): 'ltr' | 'rtl' {
  if (languageDirection === 'rtl' || !RTL_TEXT.test(text)) return languageDirection
  return bidiJs().getEmbeddingLevels(text).paragraphs[0]?.level === 1 ? 'rtl' : 'ltr'
}
