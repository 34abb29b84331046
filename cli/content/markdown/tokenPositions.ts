import { Lexer, type Token, type Tokens } from 'marked'
import { splitFrontmatter } from '../frontmatter/parseFrontmatter.ts'
import { positionOf, type Position } from '../textPosition.ts'

export { positionOf, type Position }

// Where a token is, from marked's tokens, never by searching the file for its text. Top-level raws are the whole text in order;
// a child's is found after its sibling's in its parent's inner text, which for quotes and list items maps line by line from the end.

/** The lexer options of a post's markdown: GitHub-flavoured, as renderMarkdown.ts renders it. */
export const POST_LEXER_OPTIONS = { gfm: true } as const

/** A table cell: it holds inline tokens, but is no token itself. */
type Holder = Token | Tokens.TableCell

/** Calls `found` with each token and table cell, parents first in text order, with its offset and `at`, an offset's in its raw; gives the first accepted one's. */
export function findToken(tokens: Token[], found: (token: Holder, offset: number, at: InText) => boolean): number | undefined {
  return placeOf(tokens, found)?.(0)
}

/** The offset of `target` (by identity) in the text lexed, or of the place `within` characters into its raw. */
export function offsetOfToken(tokens: Token[], target: Holder, within = 0): number | undefined {
  return placeOf(tokens, (token) => token === target)?.(within)
}

/** Where the offsets of the raw of the first token `found` accepts are in the text lexed. */
function placeOf(tokens: Token[], found: (token: Holder, offset: number, at: InText) => boolean): InText | undefined {
  let offset = 0
  for (const token of tokens) {
    const start = offset
    const place = visit(token, (inRaw) => start + inRaw, found)
    if (place) return place
    offset += token.raw.length
  }
  return undefined
}

/** The offset in the text lexed of an offset in a token's raw. */
export type InText = (offset: number) => number

/** The 1-based line and column of `offset` in the markdown lexed (its \r\n and \r read as marked reads them). */
export function positionInMarkdown(markdown: string, offset: number): Position {
  return positionOf(markdown.includes('\r') ? markdown.replace(/\r\n?/g, '\n') : markdown, offset)
}

/** A post file's body lexed as the renderer lexes it, and how to say where an offset in it is in the file. */
export interface LexedBody {
  tokens: Token[]
  /** The line and column in the file of an offset in the body's tokens. */
  positionAt(offset: number): Position
}

/** Lexes the body of a post file (`source`, frontmatter included), for a problem's position in the file. */
export function lexPostBody(source: string): LexedBody {
  // A byte-order mark is no character of the post (readPostFile.ts reads past it too).
  const { block, body } = splitFrontmatter(source.startsWith('\uFEFF') ? source.slice(1) : source)
  // The body begins on the line after the block's closing `---` (parseFrontmatter's endLine).
  const linesBefore = block === undefined ? 0 : block.split('\n').length
  const tokens = new Lexer(POST_LEXER_OPTIONS).lex(body)
  return {
    tokens,
    positionAt(offset) {
      const { line, column } = positionInMarkdown(body, offset)
      return { line: line + linesBefore, column }
    },
  }
}

/** Visits `token`, whose raw's offsets are at `inText(offset)` in the text lexed, then its children. */
function visit(token: Holder, inText: InText, found: (token: Holder, offset: number, at: InText) => boolean): InText | undefined {
  if (found(token, inText(0), inText)) return inText
  for (const group of childGroups(token)) {
    let cursor = 0
    for (const child of group.children) {
      const { start, end } = placeIn(group.inner, child, cursor)
      // Each offset of the child is mapped through its parent: a quote's raw is not one piece of its parent's.
      const place = visit(child, (offset) => inText(group.base + group.toRaw(start + offset)), found)
      if (place) return place
      cursor = end
    }
  }
  return undefined
}

/** Where `child` starts in `inner`, from `cursor`, and the next cursor; a raw not in `inner` (a task's `[ ] `) is placed by its text, else at the cursor. */
function placeIn(inner: string, child: Holder, cursor: number): { start: number; end: number } {
  const raw = 'raw' in child ? child.raw : child.text
  const at = raw ? inner.indexOf(raw, cursor) : -1
  if (at !== -1) return { start: at, end: at + raw.length }
  const text = 'text' in child && typeof child.text === 'string' ? child.text : ''
  const textAt = text ? inner.indexOf(text, cursor) : -1
  if (textAt === -1) return { start: cursor, end: cursor }
  return { start: textAt - Math.max(0, raw.indexOf(text)), end: textAt + text.length }
}

/** Children, in the text they were lexed from (`inner`), which starts at `base` in their parent's raw. */
interface ChildGroup {
  children: Holder[]
  inner: string
  base: number
  /** The offset in the parent's raw (from `base`) of an offset in `inner`. */
  toRaw: (offset: number) => number
}

const same = (offset: number) => offset

// What starts a task item's text (marked's listReplaceTask).
const TASK_MARKER = /^\[[ xX]\][ \t]+/

function childGroups(token: Holder): ChildGroup[] {
  if (!('type' in token)) return token.tokens.length > 0 ? [{ children: token.tokens, inner: token.text, base: 0, toRaw: same }] : []
  switch (token.type) {
    case 'blockquote':
      return [{ children: token.tokens ?? [], inner: token.text, base: 0, toRaw: lineMap(token.text, token.raw) }]
    case 'list':
      return [{ children: (token as Tokens.List).items, inner: token.raw, base: 0, toRaw: same }]
    case 'list_item': {
      // A task's `[ ] ` is taken out of the item's text: put back, the text's lines are the raw's again.
      const marker = (token as Tokens.ListItem).task && !TASK_MARKER.test(token.text) ? (TASK_MARKER.exec(token.raw.replace(/^\s*\S+\s*/, ''))?.[0] ?? '') : ''
      const inner = marker + token.text
      return [{ children: token.tokens ?? [], inner, base: 0, toRaw: lineMap(inner, token.raw) }]
    }
    case 'table':
      return tableCells(token as Tokens.Table)
    case 'code':
    case 'html':
    case 'codespan':
    case 'image':
      // Leaves: an image's alt text is part of its own raw, never a problem's place.
      return []
    default: {
      const children = 'tokens' in token ? token.tokens : undefined
      const text = 'text' in token ? token.text : undefined
      if (!children?.length || typeof text !== 'string') return []
      // The text the inline tokens were lexed from, inside the markup around it (`**`, `[`, `## `).
      const base = Math.max(0, token.raw.indexOf(text))
      return [{ children, inner: text, base, toRaw: same }]
    }
  }
}

/** A table's cells, each in its row's line: the header's first, then each row's from the third line on. */
function tableCells(table: Tokens.Table): ChildGroup[] {
  const lines = table.raw.split('\n')
  const lineStarts = lineStartsOf(lines)
  const rows = [table.header, ...table.rows]
  return rows.map((cells, index) => {
    const line = index === 0 ? 0 : index + 1
    return { children: cells, inner: lines[line] ?? '', base: lineStarts[line] ?? 0, toRaw: same }
  })
}

function lineStartsOf(lines: string[]): number[] {
  const starts: number[] = []
  let at = 0
  for (const line of lines) {
    starts.push(at)
    at += line.length + 1
  }
  return starts
}

/** The offset in `raw` of one in `inner`, raw's lines with a prefix taken off or changed (a tab expanded): same line, as far from its end. */
function lineMap(inner: string, raw: string): (offset: number) => number {
  const innerLines = inner.split('\n')
  const innerStarts = lineStartsOf(innerLines)
  const rawLines = raw.split('\n')
  const rawStarts = lineStartsOf(rawLines)
  return (offset) => {
    // The last line starting at or before the offset.
    let low = 0
    for (let high = innerStarts.length - 1; low < high; ) {
      const middle = (low + high + 1) >> 1
      if (innerStarts[middle]! <= offset) low = middle
      else high = middle - 1
    }
    const column = offset - innerStarts[low]!
    const index = Math.min(low, rawLines.length - 1)
    const rawLine = rawLines[index]!
    const innerLine = innerLines[index] ?? ''
    return rawStarts[index]! + Math.min(rawLine.length, Math.max(0, column + rawLine.length - innerLine.length))
  }
}
