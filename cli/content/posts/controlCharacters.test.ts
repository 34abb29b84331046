import { describe, expect, it } from 'vitest'
import { findRefusedCharacter, refusedCharacterInHtml, refusedName, refusedReferences, visibleText } from './controlCharacters.ts'
import { locateKey } from '../locateKey.ts'

describe('refusedName', () => {
  it.each([
    [0x00, undefined, 'the control character U+0000 (NUL)'],
    [0x07, undefined, 'the control character U+0007 (BEL)'],
    [0x09, undefined, undefined],
    [0x0a, undefined, undefined],
    [0x0c, undefined, 'the control character U+000C (FF)'],
    [0x0d, 0x0a, undefined],
    [0x0d, 0x61, 'a carriage return (U+000D) that is not part of a CRLF line ending'],
    [0x1b, undefined, 'the control character U+001B (ESC)'],
    [0x20, undefined, undefined],
    [0x7e, undefined, undefined],
    [0x7f, undefined, 'the control character U+007F (DEL)'],
    [0x80, undefined, 'the control character U+0080'],
    [0x85, undefined, 'the control character U+0085 (NEL)'],
    [0x9f, undefined, 'the control character U+009F'],
    [0xa0, undefined, undefined],
    [0x200b, undefined, undefined],
    [0x2028, undefined, 'the line separator U+2028'],
    [0x2029, undefined, 'the paragraph separator U+2029'],
    [0xfeff, undefined, 'a byte-order mark (U+FEFF) inside the text'],
    [0xfdd0, undefined, 'the noncharacter U+FDD0'],
    [0xfffd, undefined, undefined],
    [0xffff, undefined, 'the noncharacter U+FFFF'],
    [0x1fffe, undefined, 'the noncharacter U+1FFFE'],
    [0x1f600, undefined, undefined],
    [0xd800, undefined, 'a lone surrogate (U+D800)'],
  ])('%i (then %s): %s', (codePoint, next, name) => expect(refusedName(codePoint, next)).toBe(name))
})

describe('findRefusedCharacter', () => {
  it.each([
    ['plain text, é, 日本, 😀, a tab\tand\r\nCRLF', undefined],
    ['a\u0007', { offset: 1, codePoint: 7 }],
    ['😀\uDBFF\uDFFE', { offset: 2, codePoint: 0x10fffe }],
    ['a\uD800b', { offset: 1, codePoint: 0xd800 }],
    ['a\r', { offset: 1, codePoint: 0x0d }],
  ])('%j', (text, found) => {
    const result = findRefusedCharacter(text)
    expect(result && { offset: result.offset, codePoint: result.codePoint }).toEqual(found)
  })
})

it('visibleText shows each refused character as a visible one of the same length, a CRLF as it is', () => {
  expect(visibleText('a\u0000b\u001b[2J\u007f\u0085\r\nc\r\uDBFF\uDFFEd')).toBe('a\u2400b\u241b[2J\u2421\uFFFD\r\nc\u240d\uFFFD\uFFFDd')
})

it('refusedReferences finds the numeric references to refused characters, with or without their semicolon', () => {
  expect([...refusedReferences('&#39; &amp; &#0; &#x7F; &#X85; &#7 &#x110000; &#9; &#128512;')].map(({ reference, codePoint }) => [reference, codePoint])).toEqual([
    ['&#0;', 0],
    ['&#x7F;', 0x7f],
    ['&#X85;', 0x85],
    ['&#7', 7],
  ])
})

describe('refusedCharacterInHtml reads HTML as a browser does', () => {
  it.each([
    ['<p>plain &amp; &#39;quoted&#39; &#x27;</p>', undefined],
    ['<p>a\u0001</p>', 1],
    ['<p title="&#7;">a</p>', 7],
    ['<p>&#x1b;[2J</p>', 0x1b],
    // A reference the parser does not decode to one: no character (a browser shows U+FFFD for &#0;).
    ['<p>&#0;</p>', undefined],
  ])('%j', (html, codePoint) => expect(refusedCharacterInHtml(html)?.codePoint).toBe(codePoint))
})

it('locateKey finds a quoted element of a list at its quote', () => {
  expect(locateKey('tags: [k8s, "a b", \'c\']\n', ['tags', 1])).toEqual({ line: 1, column: 13 })
  expect(locateKey('tags: [k8s, "a b", \'c\']\n', ['tags', 2])).toEqual({ line: 1, column: 20 })
})
