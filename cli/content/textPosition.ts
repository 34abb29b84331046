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
