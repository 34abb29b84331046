const WORDS_PER_MINUTE = 220

// A word: a letter or digit, then letters, digits, apostrophes, underscores, hyphens ("don't", "k8s"); ASCII from a table, the rest by Unicode category.
const OPENS = new Uint8Array(128)
const CONTINUES = new Uint8Array(128)
for (let code = 0; code < 128; code++) {
  const char = String.fromCharCode(code)
  OPENS[code] = /[\p{L}\p{N}]/u.test(char) ? 1 : 0
  CONTINUES[code] = OPENS[code] || /['_-]/.test(char) ? 1 : 0
}
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u
const RIGHT_QUOTE = 0x2019

/** Words in a text, as /[\p{L}\p{N}][\p{L}\p{N}'’_-]*\/gu would find them, in one pass. */
export function countWords(text: string): number {
  let words = 0
  let inWord = false
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    let opens: boolean
    if (code < 128) {
      opens = OPENS[code] === 1
      if (inWord && !opens) inWord = CONTINUES[code] === 1
    } else {
      const point = text.codePointAt(index)!
      if (point > 0xffff) index++
      opens = LETTER_OR_DIGIT.test(String.fromCodePoint(point))
      if (inWord && !opens) inWord = code === RIGHT_QUOTE
    }
    if (opens && !inWord) {
      words++
      inWord = true
    }
  }
  return words
}

/** Estimated minutes a markdown text takes to read, at least 1. */
export function readMinutes(markdown: string): number {
  return Math.max(1, Math.ceil(countWords(markdown) / WORDS_PER_MINUTE))
}

/** Estimated reading time of a markdown text, as '6 min read' (the collect stage says it in the site's language). */
export function readTime(markdown: string): string {
  return `${readMinutes(markdown)} min read`
}
