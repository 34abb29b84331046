// Where a line of a card may break: simpler than UAX #14, and enough for a card's title,
// subtitle and tags (cardFont.ts wraps them).

/** User-perceived characters: a line is never broken inside one (an emoji with its modifiers, a letter with its accents). */
export const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/** Scripts written without spaces, where a line may break between any two characters (UAX #14's ideographs). */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u
/** Punctuation a line must not start with (closing marks, CJK full stops and commas). */
const NO_START = /^[)\]}»”’、。，．：；！？）」』】〉》〕]/u
/** Punctuation a line must not end with (opening marks). */
const NO_END = /^[(\[{«“‘（「『【〈《〔]$/u

/**
 * `text` cut where a line may break: after a run of spaces (kept with the piece before it), after
 * a hyphen or a dash inside a word, and before and after each CJK character (never before closing
 * punctuation, nor after opening punctuation). Simpler than UAX #14, and enough for a card's title, subtitle and tags.
 */
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
