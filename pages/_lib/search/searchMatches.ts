// Whether a result matched every word of the query, or only Pagefind's fallback to the longest indexed word a query word starts with ('f' for
// 'falco'). A shard without the word falls back on its own, among the others' real results; so a result is kept only if each query word shares
// its stem with a word it matched. A word no result matches so is one no post has: then the fallback stands.

/** The words of a query as Pagefind splits them, lowercased, without accents or punctuation. */
export function queryWords(query: string): string[] {
  return query.split(/\s+/).map(normalize).filter((word) => word.length > 0)
}

const normalize = (word: string) => word.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')

// English suffixes a stemmer takes off ("scanning" is "scan", "policies" "polic"): about the length of the stem.
const SUFFIX = /(?:ational|tional|izations?|ations?|ements?|ments?|ness|ingly|ings?|edly|ed|ies|es|ly|ers?|s)$/

/** How many first letters a page's word must share with `word` to be one of its forms. */
export function stemLength(word: string): number {
  let stem = word.length > 4 ? word.replace(SUFFIX, '') : word
  if (/([b-df-hj-np-tv-z])\1$/.test(stem)) stem = stem.slice(0, -1)
  // The stem's last letter may change (policy, polici).
  return Math.min(word.length, Math.max(1, stem.length - 1))
}

/** The parts of a page's word a query word may match: the whole, and each part of a compound (multi-cluster, NetworkPolicy). */
function wordParts(word: string): string[] {
  const parts = word.match(/\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})|\p{N}+|\p{L}+/gu) ?? []
  return [normalize(word), ...parts.map(normalize)]
}

const sharedPrefix = (a: string, b: string) => {
  let length = 0
  while (length < a.length && length < b.length && a[length] === b[length]) length++
  return length
}

/** Whether the page whose text is `content`, matched at the word positions `locations`, matched each of `words` (queryWords) by one of its forms. */
export function matchesEveryWord(words: readonly string[], content: string, locations: readonly number[]): boolean {
  if (words.length === 0) return true
  const pageWords = content.split(/[\r\n\s]+/g)
  const matched = locations.flatMap((location) => wordParts(pageWords[location] ?? ''))
  return words.every((word) => {
    const needed = stemLength(word)
    return matched.some((part) => sharedPrefix(part, word) >= needed)
  })
}
