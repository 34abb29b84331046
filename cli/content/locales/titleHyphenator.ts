import { createRequire } from 'node:module'
import { catalogLanguage } from '../../../pages/_lib/text/uiStrings.ts'

// A title's long words get soft hyphens at their TeX-pattern breaks (the hyphen package) for narrow screens (Post.hyphenatedTitle):
// CSS `hyphens: auto` breaks nothing in a Chromium without downloaded dictionaries.

/** Letters a word needs to be hyphenated: at 320 px a title line holds 15 of 'Netzwerkrichtlinien', so a shorter word fits on a line of its own. */
export const LONG_WORD_LETTERS = 15

/** A run of letters (with their combining marks): a word, or a part of a compound written with hyphens. */
const LETTERS = /[\p{L}\p{M}]+/gu

/** `text` with each run of `minLetters` letters or more as `hyphenate` gives it; the rest as it is. */
export function hyphenateLongWords(text: string, hyphenate: (word: string) => string, minLetters = LONG_WORD_LETTERS): string {
  return text.replace(LETTERS, (word) => (word.length >= minLetters ? hyphenate(word) : word))
}

const require = createRequire(import.meta.url)
const byLanguage = new Map<string, ((word: string) => string) | undefined>()

/** A word soft-hyphenated in `language`, or undefined where the hyphen package has no patterns (ja, zh); patterns load when first needed (80-100 ms). */
function wordHyphenator(language: string): ((word: string) => string) | undefined {
  const subtag = catalogLanguage(language)
  if (!byLanguage.has(subtag)) {
    let hyphenate: ((word: string) => string) | undefined
    try {
      // The subtag is letters only (Intl.Locale): no path can be made of it.
      hyphenate = (require(`hyphen/${subtag}`) as { hyphenateSync(text: string): string }).hyphenateSync
    } catch (error) {
      if ((error as { code?: string }).code !== 'MODULE_NOT_FOUND') throw error
    }
    byLanguage.set(subtag, hyphenate)
  }
  return byLanguage.get(subtag)
}

/** The titles of posts in `language` as headings show them, soft-hyphenated; undefined where no word is long or no patterns exist. */
export function titleHyphenator(language: string): (title: string) => string | undefined {
  return (title) => {
    if (!hasLongWord(title)) return undefined
    const hyphenate = wordHyphenator(language)
    const hyphenated = hyphenate && hyphenateLongWords(title, hyphenate)
    return hyphenated === title ? undefined : hyphenated
  }
}

/** Whether `text` has a word to hyphenate: the first one found ends the search (8,000 titles warm, measured apart: 5 ms against 88 ms for a list of every match). */
function hasLongWord(text: string): boolean {
  for (const [word] of text.matchAll(LETTERS)) if (word.length >= LONG_WORD_LETTERS) return true
  return false
}
