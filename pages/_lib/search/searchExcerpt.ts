// A search result's excerpt, as text. Pagefind builds it as HTML (`<`, `>` escaped, `<mark>` around matches); it is never inserted as HTML but split into runs
// of text that React renders as text, so a post's `<script>` shows as those characters whatever Pagefind's escaping does.

/** A run of an excerpt's text, and whether it matched the query. */
export interface ExcerptPart { text: string; marked: boolean }

const TAG = /(<mark>|<\/mark>)/

/** The runs of text of Pagefind's `excerpt`, with the `<mark>` around matches as `marked`. */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = []
  let marked = false
  for (const piece of excerpt.split(TAG)) {
    if (piece === '<mark>') marked = true
    else if (piece === '</mark>') marked = false
    else if (piece) {
      const text = piece.replace(/&lt;/g, '<').replace(/&gt;/g, '>')
      const last = parts.at(-1)
      // Pagefind marks each word apart: matches side by side read as one.
      if (last && last.marked === marked) last.text += text
      else parts.push({ text, marked })
    }
  }
  return parts
}
