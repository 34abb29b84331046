// Where a line of a card may break, and the lines a text makes: simpler than UAX #14, and enough for a card's title, subtitle and tags (cardFont.ts measures them).

/** User-perceived characters: a line is never broken inside one (an emoji with its modifiers, a letter with its accents). */
const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/** Scripts written without spaces, where a line may break between any two characters (UAX #14's ideographs). */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u
/** Punctuation a line must not start with (closing marks, CJK full stops and commas). */
const NO_START = /^[)\]}»”’、。，．：；！？）」』】〉》〕]/u
/** Punctuation a line must not end with (opening marks). */
const NO_END = /^[(\[{«“‘（「『【〈《〔]$/u

/** `text` cut where a line may break: after spaces, after a hyphen or dash in a word, around each CJK character (not before closing nor after opening punctuation). */
export function breakPieces(text: string): string[] {
  const pieces: string[] = []
  let piece = ''
  const graphemes = [...GRAPHEMES.segment(text)].map(({ segment }) => segment)
  graphemes.forEach((grapheme, index) => {
    const following = graphemes[index + 1]
    piece += grapheme
    if (following === undefined) return
    const breaksAfter =
      (/\s/u.test(grapheme) && !/\s/u.test(following)) ||
      (/^[-‐–—/]$/u.test(grapheme) && /[\p{L}\p{N}]/u.test(following) && /[\p{L}\p{N}]/u.test(graphemes[index - 1] ?? '')) ||
      ((CJK.test(grapheme) || CJK.test(following)) && !/\s/u.test(following) && !NO_START.test(following) && !NO_END.test(grapheme))
    if (breaksAfter) {
      pieces.push(piece)
      piece = ''
    }
  })
  if (piece) pieces.push(piece)
  return pieces
}

/** `text` in ≤ `maxLines` lines of `maxWidth` px, broken as breakPieces allows (inside a word, between graphemes, only when it is wider), an ellipsis if it goes on. */
export function wrapLines(text: string, width: (line: string) => number, maxWidth: number, maxLines: number): string[] {
  const pieces = breakPieces(text.trim().replace(/\s+/g, ' '))
  const lines: string[] = []
  const fits = (candidate: string) => width(candidate.trimEnd()) <= maxWidth
  let line = ''
  let next = 0
  for (; next < pieces.length && lines.length < maxLines; next++) {
    const piece = pieces[next]!
    if (fits(line + piece)) {
      line += piece
      continue
    }
    if (line) {
      lines.push(line.trimEnd())
      line = ''
      if (lines.length === maxLines) break
    }
    if (fits(piece)) {
      line = piece
      continue
    }
    // A piece wider than a line: as many graphemes as fit, then the rest on the next line.
    const graphemes = [...GRAPHEMES.segment(piece.trimEnd())].map(({ segment }) => segment)
    while (graphemes.length && lines.length < maxLines) {
      let fit = 1
      while (fit < graphemes.length && fits(graphemes.slice(0, fit + 1).join(''))) fit++
      const taken = graphemes.splice(0, fit).join('')
      if (!graphemes.length) line = taken
      else lines.push(taken)
    }
    if (graphemes.length) {
      pieces[next] = graphemes.join('')
      break
    }
  }
  if (line && lines.length < maxLines) lines.push(line.trimEnd())
  else if (line) next--
  if (next < pieces.length && lines.length) lines[lines.length - 1] = ellipsized(lines[lines.length - 1]!, width, maxWidth)
  return lines
}

/** `line` with an ellipsis after it, shortened by words (by characters for a single word) until both fit. */
export function ellipsized(line: string, width: (line: string) => number, maxWidth: number): string {
  let text = line
  while (text && width(`${text}…`) > maxWidth) {
    const space = text.lastIndexOf(' ')
    text = space > 0 ? text.slice(0, space) : [...GRAPHEMES.segment(text)].slice(0, -1).map(({ segment }) => segment).join('')
  }
  return `${text.replace(/[\s,.;:–—-]+$/u, '')}…`
}
