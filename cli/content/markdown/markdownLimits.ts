import type { Lexer, Token } from 'marked'
import { findToken, positionInMarkdown } from './tokenPositions.ts'

// Limits no writer reaches, where marked would overflow the stack (nesting) or stall (long lines): within them the worst 1 MiB renders in about 5 s.

/** Bytes a post file may have: a 5 MB post (pasted screenshots included) builds; only on a file no one meant as a post. */
export const MAX_POST_BYTES = 32 * 1024 * 1024
/** Characters a line may have: a paragraph written on one line is a few thousand. */
export const MAX_LINE_LENGTH = 20_000
/** Levels of markup inside markup: blocks (a list in a quote in a list...) and, apart, inline markup. */
export const MAX_NESTING = 32

/** A post beyond one of the limits above, or otherwise unreadable; `line` and `column` are 1-based in the markdown given, where known. */
export class MarkdownLimitError extends Error {
  readonly hint: string
  readonly line: number | undefined
  readonly column: number | undefined

  constructor(message: string, hint: string, line?: number, column?: number) {
    super(message)
    this.hint = hint
    this.line = line
    this.column = column
    this.name = 'MarkdownLimitError'
  }
}

/** Throws a MarkdownLimitError at the first line longer than MAX_LINE_LENGTH. */
export function checkLineLengths(markdown: string): void {
  if (markdown.length <= MAX_LINE_LENGTH) return
  for (let start = 0, line = 1; start <= markdown.length; line++) {
    const end = markdown.indexOf('\n', start)
    const stop = end === -1 ? markdown.length : end
    if (stop - start > MAX_LINE_LENGTH) {
      throw new MarkdownLimitError(
        `this line is ${stop - start} characters long, more than the ${MAX_LINE_LENGTH} a line may have`,
        'Break the line: markdown joins the lines of a paragraph, and a blank line starts a new one.',
        line,
      )
    }
    if (end === -1) return
    start = end + 1
  }
}

/** Makes a marked lexer count its block and inline recursion and throw a MarkdownLimitError past MAX_NESTING, at no cost to a normal post. */
export function limitNesting(lexer: Lexer, markdown: string): Lexer {
  const blockTokens = lexer.blockTokens.bind(lexer)
  const inlineTokens = lexer.inlineTokens.bind(lexer)
  let blocks = 0
  let inlines = 0
  // Where the outermost inline markup being lexed goes: the tokens of a paragraph, a heading or a cell, whose place says where (its blocks are all lexed by then).
  let outermost: Token[] | undefined
  lexer.blockTokens = ((src: string, tokens?: never, lastParagraphClipped?: boolean) => {
    if (++blocks > MAX_NESTING) {
      throw new MarkdownLimitError(
        `blocks are nested more than ${MAX_NESTING} levels deep (quotes or lists inside each other)`,
        'Flatten the structure: no reader follows a list or quote that many levels deep.',
        deepBlockLine(markdown),
      )
    }
    try {
      return blockTokens(src, tokens, lastParagraphClipped)
    } finally {
      blocks--
    }
  }) as Lexer['blockTokens']
  lexer.inlineTokens = ((src: string, tokens?: Token[]) => {
    if (inlines === 0) outermost = tokens
    if (++inlines > MAX_NESTING) {
      const offset = outermost && findToken(lexer.tokens, (token) => 'tokens' in token && token.tokens === outermost)
      const at = offset === undefined ? undefined : positionInMarkdown(markdown, offset)
      throw new MarkdownLimitError(
        `inline markup is nested more than ${MAX_NESTING} levels deep (emphasis, links or strikethrough inside each other)`,
        'Simplify the markup of this paragraph: close each * _ ~ and [ before opening many more.',
        at?.line,
        at?.column,
      )
    }
    try {
      return inlineTokens(src, tokens as never)
    } finally {
      inlines--
    }
  }) as Lexer['inlineTokens']
  return lexer
}

// The leading run of quote markers and list markers of a line: each opens one block level.
const CONTAINER_PREFIX = /^(?:[ \t]*(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t])))+/

/** The first line that opens more than MAX_NESTING blocks by its markers alone, if any. */
function deepBlockLine(markdown: string): number | undefined {
  const lines = markdown.split('\n')
  for (let index = 0; index < lines.length; index++) {
    const prefix = CONTAINER_PREFIX.exec(lines[index]!)?.[0]
    if (prefix && (prefix.match(/>|[-*+\d][.)]?(?=[ \t])/g)?.length ?? 0) >= MAX_NESTING) return index + 1
  }
  return undefined
}
