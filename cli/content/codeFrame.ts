/** Characters of a line a frame shows: a longer line is cut around the column. */
const WIDTH = 120

/** A few lines of source around a position, with a caret under the column. */
export function codeFrame(source: string, line: number, column = 1, context = 1): string {
  const lines = source.split('\n', line + context)
  const first = Math.max(1, line - context)
  const last = Math.min(lines.length, line + context)
  const width = String(last).length
  // One window for every line of the frame, so the lines stay aligned with the caret.
  const start = column > WIDTH / 2 ? column - 1 - WIDTH / 2 : 0
  const cut = (text: string) => (start > 0 ? '…' : '') + text.slice(start, start + WIDTH) + (text.length > start + WIDTH ? '…' : '')
  const out: string[] = []
  for (let number = first; number <= last; number++) {
    const marker = number === line ? '>' : ' '
    out.push(`${marker} ${String(number).padStart(width)} | ${cut((lines[number - 1] ?? '').replace(/\r$/, ''))}`)
    if (number === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1 - start + (start > 0 ? 1 : 0)))}^`)
  }
  return out.join('\n')
}
