import { describe, expect, it } from 'vitest'
import { ogLocale, regionalTag, textDirection } from './siteLocale.ts'

describe('textDirection', () => {
  it.each([
    ['en', 'ltr'],
    ['de-CH', 'ltr'],
    ['ja', 'ltr'],
    ['zh-Hant', 'ltr'],
    ['ar', 'rtl'],
    ['ar-EG', 'rtl'],
    ['he', 'rtl'],
    ['fa', 'rtl'],
    ['ur-IN', 'rtl'],
    ['yi', 'rtl'],
    ['pa-Arab', 'rtl'],
    ['pa', 'ltr'],
    ['az-Latn', 'ltr'],
  ])("%s is written %s", (language, direction) => {
    expect(textDirection(language)).toBe(direction)
  })

  it("takes the config's direction over the language's", () => {
    expect(textDirection('ar', 'ltr')).toBe('ltr')
    expect(textDirection('en', 'rtl')).toBe('rtl')
  })

  it('decides by script where Intl.Locale has no getTextInfo (Firefox)', () => {
    const getTextInfo = Object.getOwnPropertyDescriptor(Intl.Locale.prototype, 'getTextInfo')
    // Taken away for this test, as a runtime without it has none.
    delete (Intl.Locale.prototype as { getTextInfo?: unknown }).getTextInfo
    try {
      expect(textDirection('ar')).toBe('rtl')
      expect(textDirection('ur')).toBe('rtl')
      expect(textDirection('he-IL')).toBe('rtl')
      expect(textDirection('de')).toBe('ltr')
    } finally {
      if (getTextInfo) Object.defineProperty(Intl.Locale.prototype, 'getTextInfo', getTextInfo)
    }
    expect(getTextInfo, 'Node 26 has Intl.Locale#getTextInfo').toBeDefined()
  })
})

describe('ogLocale and regionalTag', () => {
  it.each([
    ['en', 'en_US', 'en-US'],
    ['de', 'de_DE', 'de-DE'],
    ['ja', 'ja_JP', 'ja-JP'],
    ['de-CH', 'de_CH', 'de-CH'],
    ['pt-BR', 'pt_BR', 'pt-BR'],
    ['zh-Hant', 'zh_TW', 'zh-Hant-TW'],
    ['ar', 'ar_EG', 'ar-EG'],
    ['es-419', 'es_419', 'es-419'],
  ])('%s: og:locale %s, with its region %s', (language, og, regional) => {
    expect(ogLocale(language)).toBe(og)
    expect(regionalTag(language)).toBe(regional)
  })
})
