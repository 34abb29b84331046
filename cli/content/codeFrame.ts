/** A few lines of source around a position, with a caret under the column. */
export function codeFrame(source: string, line: number, column = 1, context = 1): string {
  const lines = source.split('\n')
  const first = Math.max(1, line - context)
  const last = Math.min(lines.length, line + context)
  const width = String(last).length
  const out: string[] = []
  for (let number = first; number <= last; number++) {
    const marker = number === line ? '>' : ' '
    out.push(`${marker} ${String(number).padStart(width)} | ${lines[number - 1] ?? ''}`)
    if (number === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`)
  }
  return out.join('\n')
}
