import type { Parser } from 'htmlparser2'
import { codeFrame } from '../codeFrame.ts'
import { onFirstUse } from '../../util/onFirstUse.ts'

// Characters no post may hold (from its bytes, a YAML escape or a character reference): invisible in an editor, harmful in pages and feeds. Tab, LF and CRLF are text.

/** A character that may not be in a post: where it is, which it is, and what to call it. */
export interface RefusedCharacter {
  /** Offset in the text, in UTF-16 code units. */
  offset: number
  codePoint: number
  /** 'the control character U+0007 (BEL)'. */
  name: string
}

const C0_NAMES = ['NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'BEL', 'BS', 'HT', 'LF', 'VT', 'FF', 'CR', 'SO', 'SI', 'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US']

// A quick filter for what may be refused (`refusedName` decides): pairs are one character, lookarounds run only after surrogates (10 M characters in 25-40 ms).
const CANDIDATES =
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\uFEFF\uFDD0-\uFDEF\uFFFE\uFFFF]|[\uD83F\uD87F\uD8BF\uD8FF\uD93F\uD97F\uD9BF\uD9FF\uDA3F\uDA7F\uDABF\uDAFF\uDB3F\uDB7F\uDBBF\uDBFF][\uDFFE\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|[\uDC00-\uDFFF](?<![\uD800-\uDBFF][\uDC00-\uDFFF])/g

/** 'U+0007': how a code point is named in messages. */
export const codePointLabel = (codePoint: number): string => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`

/** What `codePoint` is when a post may not hold it (`next`, the code unit after it, lets a CRLF through); undefined when it may. */
export function refusedName(codePoint: number, next?: number): string | undefined {
  const label = codePointLabel(codePoint)
  if (codePoint === 0x09 || codePoint === 0x0a || (codePoint === 0x0d && next === 0x0a)) return undefined
  if (codePoint === 0x0d) return `a carriage return (${label}) that is not part of a CRLF line ending`
  if (codePoint < 0x20) return `the control character ${label} (${C0_NAMES[codePoint]})`
  if (codePoint === 0x7f) return `the control character ${label} (DEL)`
  if (codePoint >= 0x80 && codePoint <= 0x9f) return `the control character ${label}${codePoint === 0x85 ? ' (NEL)' : ''}`
  if (codePoint === 0x2028) return `the line separator ${label}`
  if (codePoint === 0x2029) return `the paragraph separator ${label}`
  // A byte-order mark opening the file is dropped as it is read; any other is left by joining two files.
  if (codePoint === 0xfeff) return `a byte-order mark (${label}) inside the text`
  if ((codePoint >= 0xfdd0 && codePoint <= 0xfdef) || (codePoint & 0xfffe) === 0xfffe) return `the noncharacter ${label}`
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return `a lone surrogate (${label})`
  return undefined
}

/** The first character of `text` a post may not hold, from `from` on. */
export function findRefusedCharacter(text: string, from = 0): RefusedCharacter | undefined {
  const pattern = new RegExp(CANDIDATES.source, 'g')
  pattern.lastIndex = from
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const offset = match.index
    const codePoint = text.codePointAt(offset)!
    const name = refusedName(codePoint, text.charCodeAt(offset + match[0].length))
    if (name) return { offset, codePoint, name }
  }
  return undefined
}

/** `text` with each refused character shown as a visible one of the same length: a code frame prints to a terminal, which ESC or NUL would act on. */
export function visibleText(text: string): string {
  let shown = ''
  let from = 0
  for (let found = findRefusedCharacter(text); found; found = findRefusedCharacter(text, from)) {
    const { offset, codePoint } = found
    const length = codePoint > 0xffff ? 2 : 1
    // The Control Pictures block has a glyph for each C0 control and DEL; anything else is a replacement character.
    const glyph = codePoint < 0x20 ? String.fromCharCode(0x2400 + codePoint) : codePoint === 0x7f ? '\u2421' : '\uFFFD'.repeat(length)
    shown += text.slice(from, offset) + glyph
    from = offset + length
  }
  return shown + text.slice(from)
}

// A numeric character reference (`&#7;`, `&#x7F;`), its semicolon optional: a browser decodes `&#7 ` too.
const NUMERIC_REFERENCE = /&#(?:[xX]([0-9a-fA-F]+)|([0-9]+));?/g

/** The numeric character references of `text` that name a character a post may not hold, in order. */
export function* refusedReferences(text: string): Generator<{ offset: number; reference: string; codePoint: number; name: string }> {
  for (const match of text.matchAll(NUMERIC_REFERENCE)) {
    const codePoint = match[1] !== undefined ? parseInt(match[1], 16) : Number(match[2])
    const name = codePoint <= 0x10ffff ? refusedName(codePoint) : undefined
    if (name) yield { offset: match.index, reference: match[0], codePoint, name }
  }
}

const htmlParser = onFirstUse((require) => (require('htmlparser2') as typeof import('htmlparser2')).Parser)

/** The first refused character in HTML as a browser reads it: raw (at its offset), or by a character reference (no offset). */
export function refusedCharacterInHtml(html: string): (Omit<RefusedCharacter, 'offset'> & { offset?: number }) | undefined {
  const raw = findRefusedCharacter(html)
  if (raw) return raw
  // Only a numeric reference can name one: the deciding parse runs only when one looks like it.
  if (refusedReferences(html).next().done) return undefined
  let found: Omit<RefusedCharacter, 'offset'> | undefined
  const take = (text: string) => {
    const character = found ? undefined : findRefusedCharacter(text)
    if (character) found = { codePoint: character.codePoint, name: character.name }
  }
  const parser: Parser = new (htmlParser())({ ontext: take, onattribute: (_, value) => take(value) }, { decodeEntities: true })
  parser.end(html)
  return found
}

/** What a writer does about a character a post may not hold. */
export function refusedCharacterHint(codePoint: number): string {
  if (codePoint === 0x0d) return 'Save the file with LF (or CRLF) line endings: a carriage return alone is a line break to some tools and not to others.'
  if (codePoint === 0x2028 || codePoint === 0x2029) return 'Replace it by a line break or a space: it comes with text pasted from a PDF or a word processor, and editors hide it.'
  if (codePoint === 0xfeff) return 'Delete it: it is left where two files were joined, and editors hide it.'
  const escape = codePoint > 0xffff ? `\\u{${codePoint.toString(16).toUpperCase()}}` : `\\u${codePoint.toString(16).toUpperCase().padStart(4, '0')}`
  return `Delete it: editors show it as a box or not at all (search for ${escape} with regular expressions on). A tab, a line break and a CRLF line ending are fine.`
}

/** A code frame (codeFrame.ts) of `source` at a line and column, the characters a terminal would act on made visible. */
export function visibleFrame(source: string, line: number, column: number): string {
  // The frame's lines only (to the one after), not the whole file.
  let end = 0
  for (let count = 0; count <= line && end !== -1; count++) end = source.indexOf('\n', end + (count > 0 ? 1 : 0))
  return codeFrame(visibleText(end === -1 ? source : source.slice(0, end)), line, column)
}
