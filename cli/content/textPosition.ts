/** A 1-based line and column; the column counts UTF-16 code units, as every message of the CLI does. */
export interface Position {
  line: number
  column: number
}

/** The line and column of `offset` in `text` (its lines ended by \n). */
export function positionOf(text: string, offset: number): Position {
  let line = 1
  let lineStart = 0
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) {
    line++
    lineStart = index + 1
  }
  return { line, column: offset - lineStart + 1 }
}

/** A parser's syntax error with its position (1-based): each parser throws a class of its own made from this one, so a caller catches its parser's errors alone. */
export class PositionedSyntaxError extends Error {
  readonly reason: string
  readonly line: number
  readonly column: number

  constructor(reason: string, line: number, column: number) {
    super(reason)
    this.reason = reason
    this.line = line
    this.column = column
  }
}
