import { describe, expect, it } from 'vitest'
import { FamilyFiles, NOTO, fallbackFamilies, parseRanges } from './fontFamilies.ts'

describe('parseRanges', () => {
  it('reads a CSS unicode-range list as pairs of first and last code point', () => {
    expect([...parseRanges('U+0600-06FF,U+200C, U+1EE00-1EE03')]).toEqual([0x600, 0x6ff, 0x200c, 0x200c, 0x1ee00, 0x1ee03])
  })
})

describe('fallbackFamilies', () => {
  it.each([
    ['ja', '', 'noto-jp'],
    ['zh-CN', '', 'noto-sc'],
    ['zh-TW', '', 'noto-tc'],
    ['zh-Hant-HK', '', 'noto-tc'],
    ['ko', '', 'noto-kr'],
    ['en', 'カタカナ', 'noto-jp'],
    ['en', '한국어', 'noto-kr'],
    ['en', '中文', 'noto-sc'],
    ['de', '', 'noto-sc'],
  ])('%s (text %s): %s first, Arabic and Hebrew last', (language, text, first) => {
    const families = fallbackFamilies(language, text)
    expect(families[0]!.id).toBe(first)
    expect(families.slice(-2)).toEqual([NOTO.arabic, NOTO.hebrew])
  })
})

describe('FamilyFiles', () => {
  it('names the one file of a family that holds a character, by the ranges fontsource lists', () => {
    const files = new FamilyFiles()
    expect(files.fileOf(NOTO.arabic, 'ك'.codePointAt(0)!, 700)).toMatch(/@fontsource[\\/]noto-sans-arabic[\\/]files[\\/]noto-sans-arabic-arabic-700-normal\.woff$/)
    expect(files.fileOf(NOTO.jp, '月'.codePointAt(0)!, 400)).toMatch(/noto-sans-jp-\d+-400-normal\.woff$/)
    expect(files.fileOf(NOTO.hebrew, 'ك'.codePointAt(0)!, 700)).toBeUndefined()
  })
})
