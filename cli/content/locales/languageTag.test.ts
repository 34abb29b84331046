import { describe, expect, it } from 'vitest'
import { parseLanguageTag } from './languageTag.ts'

describe('parseLanguageTag', () => {
  it.each([
    ['en', 'en'],
    ['de', 'de'],
    ['de-CH', 'de-CH'],
    ['pt-br', 'pt-BR'],
    ['zh-hant', 'zh-Hant'],
    ['zh-Hant-TW', 'zh-Hant-TW'],
    ['es-419', 'es-419'],
    ['iw', 'he'],
    ['ger', 'de'],
    ['ar-EG', 'ar-EG'],
    ['haw', 'haw'],
  ])('takes %j as %j, its canonical form', (tag, canonical) => {
    expect(parseLanguageTag(tag)).toEqual({ tag: canonical })
  })

  it.each([
    ['en_US', `"en_US" is not a BCP 47 language tag (write 'en-US')`, /joined by hyphens/],
    ['english', `"english": "english" is not a known language`, /ISO 639/],
    ['', `"" is not a BCP 47 language tag`, /'de-CH'/],
    ['xx', `"xx": "xx" is not a known language`, /ISO 639/],
    ['qaa', `"qaa": "qaa" is not a known language`, /ISO 639/],
    ['und', `"und": "und" is not a known language`, /ISO 639/],
    ['zxx', `"zxx": "zxx" is not a known language`, /ISO 639/],
    ['DE', `"DE" is a region (Germany), not a language`, /'de-DE', or 'de' alone/],
    ['US', `"US" is a region (United States), not a language`, /'en-US'/],
    ['de-XX', `"de-XX": "XX" is not a known region`, /ISO 3166-1/],
    ['en-ZZ', `"en-ZZ": "ZZ" is not a known region`, /ISO 3166-1/],
    ['zh-Abcd', `"zh-Abcd": "Abcd" is not a known script`, /ISO 15924/],
    ['de-DE-1996', `"de-DE-1996" has more than a language, a script and a region`, /Write 'de-DE'/],
    ['en-u-ca-gregory', `"en-u-ca-gregory" has more than a language, a script and a region`, /Write 'en'/],
    ['x-private', `"x-private" is not a BCP 47 language tag`, /joined by hyphens/],
  ])('refuses %j: %s', (tag, message, hint) => {
    const parsed = parseLanguageTag(tag)
    expect(parsed).toMatchObject({ problem: { message } })
    expect('problem' in parsed && parsed.problem.hint).toMatch(hint)
  })

  // The test of a known language is Intl.DisplayNames naming it: an ICU that named unknown codes
  // (as it does with fallback 'code', the default) would let any code through.
  it("relies on Node's ICU naming no language for an unknown code", () => {
    expect(new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of('xx')).toBeUndefined()
    expect(new Intl.DisplayNames(['en'], { type: 'language' }).of('xx')).toBe('xx')
    expect(new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of('de')).toBe('German')
  })
})
