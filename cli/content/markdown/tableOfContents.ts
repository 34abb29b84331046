// A post's table of contents from its rendered HTML, so every h2 and h3 counts whoever wrote it: at the top of the body, a
// disclosure on a phone and beside the text on a wide screen (styles/_prose.scss).

import { escapeHtml } from '../../util/escapeHtml.ts'

/** Headings a post needs before it gets a table of contents. */
export const MIN_TOC_HEADINGS = 3

/** What the table of contents is called, on screen and for screen readers, unless the site's language says otherwise. */
export const TOC_LABEL = 'On this page'

// How it opens and ends, whatever it is called: its label and headings' text are escaped, so the first end after the start is its own.
const TOC_START = '<nav class="toc" aria-label="'
const TOC_END = '</nav>\n'

interface Entry {
  depth: 2 | 3
  id: string
  /** The heading's text as HTML, its markup taken out. */
  text: string
}

const HEADING = /<h([23])((?:\s[^>]*)?)>([\s\S]*?)<\/h\1>/g
const ID = /\sid="([^"]*)"/

/** The body with its table of contents before it, when it has MIN_TOC_HEADINGS headings or more. A heading without an id (raw HTML) is given one by `idFor`, from its text. */
export function withTableOfContents(html: string, idFor: (text: string) => string, label = TOC_LABEL): string {
  const entries: Entry[] = []
  const body = html.replace(HEADING, (heading, depth: string, attributes: string, inner: string) => {
    const text = inner.replace(/<[^>]*>/g, '').trim()
    let id = ID.exec(attributes)?.[1]
    if (!id) {
      id = idFor(text)
      heading = `<h${depth} id="${id}"${attributes}>${inner}</h${depth}>`
    }
    if (text) entries.push({ depth: Number(depth) as 2 | 3, id, text })
    return heading
  })
  if (entries.length < MIN_TOC_HEADINGS) return body
  return renderTableOfContents(entries, escapeHtml(label)) + body
}

/** A post's body without its table of contents, for where the page around it is not (a feed). */
export function withoutTableOfContents(html: string): string {
  return html.startsWith(TOC_START) ? html.slice(html.indexOf(TOC_END) + TOC_END.length) : html
}

/** The list: each h3 nested under the h2 before it. */
function renderTableOfContents(entries: Entry[], label: string): string {
  let list = ''
  let nested = false
  entries.forEach((entry, index) => {
    const opensNested = entry.depth === 3 && !nested && index > 0 && entries[index - 1]!.depth === 2
    if (opensNested) {
      list = list.slice(0, -'</li>'.length) + '<ol>'
      nested = true
    } else if (entry.depth === 2 && nested) {
      list += '</ol></li>'
      nested = false
    }
    list += `<li><a href="#${entry.id}">${entry.text}</a></li>`
  })
  if (nested) list += '</ol></li>'
  return `${TOC_START}${label}"><details><summary>${label}</summary><ol>${list}</ol></details>${TOC_END}`
}
