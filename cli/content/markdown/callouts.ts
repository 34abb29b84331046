import type { Tokens } from 'marked'
import { escapeHtml } from '../../util/escapeHtml.ts'

// GitHub's callouts, a blockquote opening with [!NOTE], [!TIP], [!IMPORTANT], [!WARNING] or [!CAUTION]: an aside with role `note` and its type written out.

/** Each type's name as shown, by the word written in the marker. */
export const CALLOUT_TYPES = { note: 'Note', tip: 'Tip', important: 'Important', warning: 'Warning', caution: 'Caution' } as const

export type CalloutType = keyof typeof CALLOUT_TYPES

/** A blockquote read as a callout (see readCallout). */
export interface CalloutToken extends Tokens.Blockquote {
  callout?: CalloutType
}

/** The marker line: [!WORD] alone on the blockquote's first line. */
const MARKER = /^\[!([A-Za-z]+)\][ \t]*(?:\n|$)/

/** A marker in a blockquote that names no type; `marker` is the text written, to say where. */
export class UnknownCalloutError extends Error {
  readonly marker: string

  constructor(marker: string) {
    super(`"${marker}" is not a callout type: the types are ${Object.keys(CALLOUT_TYPES).map((type) => `[!${type.toUpperCase()}]`).join(', ')}`)
    this.marker = marker
    this.name = 'UnknownCalloutError'
  }
}

/** Makes a blockquote opening with a marker line a callout (an UnknownCalloutError for an unknown type); more text on the marker's line: no marker, as on GitHub. */
export function readCallout(token: CalloutToken): void {
  const paragraph = token.tokens[0]
  if (paragraph?.type !== 'paragraph') return
  const first = (paragraph as Tokens.Paragraph).tokens[0]
  if (first?.type !== 'text') return
  const text = first as Tokens.Text
  const marker = MARKER.exec(text.text)
  if (!marker) return
  const type = marker[1]!.toLowerCase()
  if (!(type in CALLOUT_TYPES)) throw new UnknownCalloutError(`[!${marker[1]}]`)
  token.callout = type as CalloutType
  text.text = text.text.slice(marker[0].length)
  text.raw = text.raw.slice(Math.min(text.raw.length, marker[0].length))
  const inline = (paragraph as Tokens.Paragraph).tokens
  if (!text.text) inline.shift()
  if (inline.length === 0) token.tokens.shift()
}

// Each type's icon: a 16×16 line drawing in the text's colour, hidden from screen readers (the name beside it says the same).
const ICON_PATHS: Record<CalloutType, string> = {
  note: 'M8 14.5a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13ZM8 7.25v4M8 4.75v.01',
  tip: 'M6 12.5h4M6.5 14.5h3M5.25 10.25a4.5 4.5 0 1 1 5.5 0c-.5.4-.75.9-.75 1.5V12H6v-.25c0-.6-.25-1.1-.75-1.5Z',
  important: 'M2 2.5h12v8.5H7.5L4.5 14v-3H2ZM8 5v3M8 9.5v.01',
  warning: 'M8 1.75 14.75 14H1.25ZM8 6.25v3.5M8 11.75v.01',
  caution: 'M5.25 1.5h5.5l3.75 3.75v5.5l-3.75 3.75h-5.5L1.5 10.75v-5.5ZM8 4.75v4M8 11v.01',
}

/** The HTML a callout writes before and after its content, its type named `name` (the site's language; English by default). */
export function calloutFrame(type: CalloutType, name: string = CALLOUT_TYPES[type]): { open: string; close: string } {
  name = escapeHtml(name)
  const icon = `<svg class="callout-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d="${ICON_PATHS[type]}" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"/></svg>`
  return {
    open: `<aside class="callout callout-${type}" role="note" aria-label="${name}">\n<p class="callout-title">${icon}${name}</p>\n`,
    close: '</aside>\n',
  }
}
