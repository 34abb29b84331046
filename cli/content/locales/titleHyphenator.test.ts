import { describe, expect, it } from 'vitest'
import { hyphenateLongWords, titleHyphenator } from './titleHyphenator.ts'

// A soft hyphen shown as '·', to read the cases.
const shown = (text: string | undefined) => text?.replaceAll('\u00AD', '·')

describe('hyphenateLongWords', () => {
  const marked = (word: string) => `[${word}]`
  it.each([
    ['Netzwerkrichtlinien aus echtem Datenverkehr', 15, '[Netzwerkrichtlinien] aus echtem Datenverkehr'],
    // A compound written with hyphens is its parts: each is a word of its own.
    ['Least-Privilege-Netzwerkrichtlinien', 15, 'Least-Privilege-[Netzwerkrichtlinien]'],
    ['Least-Privilege-Netzwerkrichtlinien', 5, '[Least]-[Privilege]-[Netzwerkrichtlinien]'],
    // Letters with their marks, in any script; digits and punctuation end a word.
    ['Sicherheitsüberprüfungen: 2025', 15, '[Sicherheitsüberprüfungen]: 2025'],
    ['k8s_networkpolicies', 5, 'k8s_[networkpolicies]'],
    ['', 15, ''],
  ])('%j, words of %i letters or more', (text, letters, expected) => {
    expect(hyphenateLongWords(text, marked, letters)).toBe(expected)
  })
})

describe('titleHyphenator', () => {
  it.each([
    // The report (issue 72): the German post's title at 390 px.
    ['de', 'Least-Privilege-Netzwerkrichtlinien aus echtem Datenverkehr', 'Least-Privilege-Netz·werk·richt·li·ni·en aus echtem Datenverkehr'],
    ['de-AT', 'Schwachstellensuche', 'Schwach·stel·len·su·che'],
    ['en', 'Finding misconfigurations', 'Finding mis·con·fig·u·ra·tions'],
    // A word of 14 letters fits a line of any title's heading: no break, and no copy of the title.
    ['en', 'Mapping multi-cluster topology with workload classification', undefined],
    ['de', 'KI-Agenten, die Kubernetes absichern', undefined],
    // No patterns: a language whose lines break between any two characters.
    ['ja', 'クラスターの権限を点検するためのベストプラクティスガイド', undefined],
  ])('%s: %j', (language, title, expected) => {
    expect(shown(titleHyphenator(language)(title))).toBe(expected)
  })
})
