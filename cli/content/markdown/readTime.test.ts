import { describe, expect, it } from 'vitest'
import { countWords, readTime } from './readTime.ts'

describe('countWords', () => {
  it.each([
    '',
    'one two three',
    "Read-only by construction: don't grant *everything*, k8s_v1.30 -- ok?",
    '--lead and trailing-- __x__ \'quoted\' ’curly’ it’s',
    'Über Sicherheit, naïve café, 東京 クラスタ, Ελληνικά, ١٢٣ digits',
    '𝒜lpha 𝟙 two 😀 emoji-😀-joined a😀b',
    '```yaml\napiVersion: v1\nkind: Pod # comment\n```\n\n| a | b |\n|---|---|',
  ])('counts %j as the word pattern does', (text) => {
    expect(countWords(text)).toBe(text.match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu)?.length ?? 0)
  })
})

describe('readTime', () => {
  it.each([
    ['', '1 min read'],
    ['one two three', '1 min read'],
    [Array(220).fill('w').join(' '), '1 min read'],
    [Array(221).fill('w').join(' '), '2 min read'],
    [Array(1320).fill('w').join(' '), '6 min read'],
  ])('%#', (text, expected) => expect(readTime(text)).toBe(expected))
})
