import { createRequire } from 'node:module'
import { catalogLanguage } from '../../../pages/_lib/text/uiStrings.ts'

// A post's title in a heading breaks a long word with a hyphen, where its language breaks it, on a
// phone's narrow line ('Netzwerkrichtlinien' in the title of a post is wider than a 390 px screen):
// the build puts a soft hyphen at each of its breaks, found by the TeX patterns of the language
// (the hyphen package), into the copy of the title the headings show (Post.hyphenatedTitle).
//
// Not CSS `hyphens: auto` alone: Debian's chromium 156 (headless, offline) breaks no word with it,
// in German or English, for it has no dictionary (Chrome on Linux downloads them with its
// component updater, which a build machine, and many a visitor's browser, has not run); a soft
// hyphen it breaks at, with a hyphen, under `hyphens: manual`. The headings show them only on a
// narrow screen (styles/_mixins.scss hyphenated-title): a wider one lays a title out as before.

/**
 * The letters a word needs to be hyphenated. At 320 px a post's title (text-4xl, 33.6 px, weight
 * 800) holds 15 letters of 'Netzwerkrichtlinien' on a line: a shorter word fits on a line of its
 * own in any heading that shows a title, and needs no break (nor does an English heading get one
 * where a word would have moved whole to the next line: 'classification' has 14).
 */
export const LONG_WORD_LETTERS = 15

/** A run of letters (with their combining marks): a word, or a part of a compound written with hyphens. */
const LETTERS = /[\p{L}\p{M}]+/gu

/** `text` with each run of `minLetters` letters or more as `hyphenate` gives it; the rest as it is. */
export function hyphenateLongWords(text: string, hyphenate: (word: string) => string, minLetters = LONG_WORD_LETTERS): string {
  return text.replace(LETTERS, (word) => (word.length >= minLetters ? hyphenate(word) : word))
}

const require = createRequire(import.meta.url)
const byLanguage = new Map<string, ((word: string) => string) | undefined>()

/**
 * A word with a soft hyphen at each of its breaks in `language` (a BCP 47 tag, read by its language
 * subtag), or undefined for a language the hyphen package has no patterns of (Japanese, Chinese:
 * their lines break between any two characters). Its patterns are loaded once, when first needed
 * (German's take 80-100 ms).
 */
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

/**
 * The titles of posts in `language` as their headings show them: `title` with soft hyphens in its
 * long words, or undefined where it gets none (no word is long, or the language has no patterns).
 */
export function titleHyphenator(language: string): (title: string) => string | undefined {
  return (title) => {
    if (!hasLongWord(title)) return undefined
    const hyphenate = wordHyphenator(language)
    const hyphenated = hyphenate && hyphenateLongWords(title, hyphenate)
    return hyphenated === title ? undefined : hyphenated
  }
}

const hasLongWord = (text: string) => [...text.matchAll(LETTERS)].some(([word]) => word.length >= LONG_WORD_LETTERS)
