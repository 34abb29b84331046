import { describe, expect, it } from 'vitest'
import { matchesEveryWord, queryWords, stemLength } from './searchMatches.ts'

// Pagefind's fragment of a page: its words, and the positions of those that matched.
const page = (text: string, ...matched: string[]) => {
  const words = text.split(' ')
  return [text, matched.map((word) => words.indexOf(word))] as const
}

describe('queryWords', () => {
  it('splits a query as Pagefind does, lowercased, without accents or punctuation', () => {
    expect(queryWords('  Falco,  Café-Policy ')).toEqual(['falco', 'cafepolicy'])
    expect(queryWords('')).toEqual([])
  })
})

describe('stemLength', () => {
  it('is about the length of the stem, less the letter a stemmer may change', () => {
    expect(['falco', 'kube', 'scanning', 'policies', 'rollouts', 'a'].map(stemLength)).toEqual([4, 3, 3, 4, 6, 1])
  })
})

describe('matchesEveryWord', () => {
  it('takes a page whose matched words are forms of every query word, whole or as part of a compound', () => {
    expect(matchesEveryWord(['falco'], ...page('We rolled falco out.', 'falco'))).toBe(true)
    expect(matchesEveryWord(['kube'], ...page('Use kubectl to apply it.', 'kubectl'))).toBe(true)
    expect(matchesEveryWord(['scanning'], ...page('We scan images nightly.', 'scan'))).toBe(true)
    expect(matchesEveryWord(['policies'], ...page('One policy per namespace.', 'policy'))).toBe(true)
    expect(matchesEveryWord(['cluster'], ...page('A multi-cluster mesh.', 'multi-cluster'))).toBe(true)
    expect(matchesEveryWord(['policy'], ...page('kind: NetworkPolicy', 'NetworkPolicy'))).toBe(true)
    expect(matchesEveryWord(['falco', 'cilium'], ...page('falco and cilium together', 'falco', 'cilium'))).toBe(true)
  })

  it("leaves out a page a shard found by Pagefind's fallback: a shorter word the query word starts with", () => {
    // A shard without "falco" falls back to the longest word it has that "falco" starts with.
    expect(matchesEveryWord(['falco'], ...page('Choose option f. first', 'f.'))).toBe(false)
    expect(matchesEveryWord(['kubernetes'], ...page('The kube proxy', 'kube'))).toBe(false)
    // Both words must be matched: cilium alone is not falco cilium.
    expect(matchesEveryWord(['falco', 'cilium'], ...page('f. and cilium', 'f.', 'cilium'))).toBe(false)
  })

  it('takes every page when the query has no words (a tag alone)', () => {
    expect(matchesEveryWord([], 'anything', [])).toBe(true)
  })
})
