import { highlightCode } from './highlightCode.ts'
import { escapeHtml } from '../../util/escapeHtml.ts'

// A fence: ```yaml title="netpol.yaml" {3-5,9}: language, a title above, lines to mark. A diff marks insertions and deletions, not by colour alone.

/** What a fence's info string asks for. */
export interface FenceInfo {
  /** The first word, as written ('' for none). */
  language: string
  title?: string
  /** Lines to highlight, 1-based. */
  highlighted?: ReadonlySet<number>
}

/** A fence's info string that cannot be read; `index` is where in the info string the problem starts. */
export class FenceInfoError extends Error {
  readonly hint: string
  readonly index: number

  constructor(message: string, hint: string, index: number) {
    super(message)
    this.hint = hint
    this.index = index
    this.name = 'FenceInfoError'
  }
}

const OPTIONS_HINT = 'Write the language first, then the options: ```yaml title="netpol.yaml" {3-5,9}'

/** Reads a fence's info string; throws a FenceInfoError for an option it cannot read, or a line past the block's `lineCount`. */
export function parseFenceInfo(info: string, lineCount: number): FenceInfo {
  const fence: FenceInfo = { language: '' }
  // Each part: a list of lines, a key=, or a word; `start` is where it starts.
  const part = /(\s*)(?:(\{)|([A-Za-z][\w-]*)=|(\S+))/y
  for (let at = 0; at < info.length; ) {
    part.lastIndex = at
    const match = part.exec(info)
    if (!match) break
    const start = at + match[1]!.length
    const [, , brace, key, word] = match
    if (brace) {
      const end = info.indexOf('}', start)
      if (end === -1) throw new FenceInfoError('the list of lines to highlight has no closing }', 'Close the list: {3-5,9}.', start)
      fence.highlighted = parseLineList(info.slice(start + 1, end), start + 1, lineCount)
      at = end + 1
    } else if (key) {
      if (key !== 'title') throw new FenceInfoError(`"${key}" is not an option of a code block: the options are title="…" and {lines}`, OPTIONS_HINT, start)
      const valueAt = start + key.length + 1
      const quote = info[valueAt]
      if (quote !== '"' && quote !== "'") throw new FenceInfoError('the title is not in quotes', 'Quote the title: title="netpol.yaml".', valueAt)
      const end = info.indexOf(quote, valueAt + 1)
      if (end === -1) throw new FenceInfoError(`the title has no closing ${quote}`, `Close the title with ${quote}: title=${quote}netpol.yaml${quote}.`, valueAt)
      const title = info.slice(valueAt + 1, end).trim()
      if (title) fence.title = title
      at = end + 1
    } else {
      // The first word names the language; other words are left for other tools (showLineNumbers…).
      if (start === info.search(/\S/)) fence.language = word!
      at = start + word!.length
    }
  }
  return fence
}

/** '3-5, 9' → {3, 4, 5, 9}; `offset` is where the list starts in the info string. */
function parseLineList(list: string, offset: number, lineCount: number): Set<number> {
  const lines = new Set<number>()
  let at = 0
  for (const item of list.split(',')) {
    const index = offset + at + (item.length - item.trimStart().length)
    at += item.length + 1
    const range = /^\s*(\d+)(?:\s*-\s*(\d+))?\s*$/.exec(item)
    if (!range) throw new FenceInfoError(`"${item.trim()}" is not a line or a range of lines`, 'List lines and ranges separated by commas, like {3-5,9}.', index)
    const first = Number(range[1])
    const last = Number(range[2] ?? range[1])
    if (first < 1 || last < first) throw new FenceInfoError(`"${item.trim()}" is not a range of lines: it must go from a line to the same or a later one, counting from 1`, 'Write the lower line first, like {3-5}.', index)
    if (last > lineCount) throw new FenceInfoError(`line ${last} is past the end of the block, which has ${lineCount} line${lineCount === 1 ? '' : 's'}`, 'Count the lines from the one after the opening ```, starting at 1.', index)
    for (let line = first; line <= last; line++) lines.add(line)
  }
  return lines
}

/** A code block's HTML: highlighted, in a figure under its title, a line element each when lines are marked or a diff; `wrapCode` gets the inner HTML past the sanitizer. */
export function renderCodeBlock(code: string, fence: FenceInfo, wrapCode: (html: string) => string = (html) => html): string {
  const highlighted = highlightCode(code, fence.language)
  const label = fence.language ? ` data-lang="${escapeHtml(highlighted.language ?? fence.language)}"` : ''
  const language = highlighted.language ? ` language-${highlighted.language}` : ''
  const isDiff = highlighted.language === 'diff'
  const inner = fence.highlighted || isDiff ? markLines(highlighted.html, code, fence.highlighted, isDiff) : `${highlighted.html}\n`
  // Focusable, so a keyboard can scroll a line wider than the column.
  const block = `<pre class="code-block"${label} tabindex="0"><code class="hljs${language}">${wrapCode(inner)}</code></pre>`
  return fence.title ? `<figure class="code-figure"><figcaption class="code-title">${escapeHtml(fence.title)}</figcaption>${block}</figure>\n` : `${block}\n`
}

/** Each line in its element (`mark` highlighted, `ins`/`del` a diff's, not its +++/--- header, `span` else), its newline kept so it copies as written. */
function markLines(html: string, code: string, highlighted: ReadonlySet<number> | undefined, isDiff: boolean): string {
  const sourceLines = code.split('\n')
  return splitHighlightedLines(html)
    .map((line, index) => {
      const source = sourceLines[index] ?? ''
      const change = !isDiff || /^(\+\+\+|---)( |$)/.test(source) ? undefined : source.startsWith('+') ? 'ins' : source.startsWith('-') ? 'del' : undefined
      const marked = highlighted?.has(index + 1)
      const tag = change ?? (marked ? 'mark' : 'span')
      return `<${tag} class="line${change && marked ? ' line-marked' : ''}">${line}\n</${tag}>`
    })
    .join('')
}

/** Highlighted HTML cut at its newlines, each line closing the spans open at its end and the next reopening them. */
export function splitHighlightedLines(html: string): string[] {
  const lines: string[] = []
  const open: string[] = []
  let line = ''
  let last = 0
  for (const match of html.matchAll(/<span\b[^>]*>|<\/span>|\n/g)) {
    line += html.slice(last, match.index)
    last = match.index + match[0].length
    if (match[0] === '\n') {
      lines.push(line + '</span>'.repeat(open.length))
      line = open.join('')
    } else {
      if (match[0] === '</span>') open.pop()
      else open.push(match[0])
      line += match[0]
    }
  }
  lines.push(line + html.slice(last))
  return lines
}
