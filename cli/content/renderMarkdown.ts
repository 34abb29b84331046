import { Marked, type Tokens } from 'marked'
import { randomUUID } from 'node:crypto'
import { join, resolve, sep } from 'node:path'
import { toolRoot } from '../toolRoot.ts'
import { highlightCode } from './highlightCode.ts'
import { imageSize, type ImageSize } from './imageSize.ts'
import { sanitizePostHtml } from './sanitizePostHtml.ts'

export interface MarkdownRendererOptions {
  /** The site's static files, where an image at '/images/a.png' is read to learn its size. Default: the site's public/. */
  publicDir?: string
}

interface RendererThis {
  parser: {
    parse(tokens: Tokens.Generic[]): string
    parseInline(tokens: Tokens.Generic[], renderer?: unknown): string
    textRenderer: unknown
  }
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

// Ids the page around a post already uses: a heading called "Main" must not steal the skip link.
const RESERVED_IDS = ['main']

/** 'Read-only by construction!' → 'read-only-by-construction', as GitHub makes heading ids. */
export function slugifyHeading(text: string): string {
  const slug = text
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s+/g, '-')
  return slug || 'section'
}

/**
 * A marked instance for posts: GitHub-flavoured markdown; heading ids with anchor links; code
 * highlighted at build time; images lazy, with their size when the file is in public/; task
 * list checkboxes labelled by their text; then sanitized (which also makes links to other
 * sites open safely in a new tab).
 */
export function createMarkdownRenderer(options: MarkdownRendererOptions = {}): (markdown: string) => string {
  const publicDir = resolve(options.publicDir ?? join(toolRoot, 'public'))
  const sizes = new Map<string, ImageSize | undefined>()
  const sizeOf = (href: string): ImageSize | undefined => {
    if (!/^\/(?!\/)/.test(href)) return undefined
    let file: string
    try {
      file = resolve(publicDir, `.${decodeURIComponent(href.split(/[?#]/)[0]!)}`)
    } catch {
      return undefined
    }
    if (!file.startsWith(publicDir + sep)) return undefined
    if (!sizes.has(file)) sizes.set(file, imageSize(file))
    return sizes.get(file)
  }

  // Highlighted code goes into the page after sanitizing: it is highlight.js's own markup (spans
  // with hljs-* classes around escaped text), and running thousands of those spans through the
  // sanitizer would double the cost of a post. The marker is unguessable, so a post cannot forge one.
  const marker = `\u2063${randomUUID()}\u2063`
  let codeBlocks: string[] = []

  let usedIds = new Set<string>()
  const uniqueId = (slug: string) => {
    let id = slug
    for (let n = 1; usedIds.has(id); n++) id = `${slug}-${n}`
    usedIds.add(id)
    return id
  }

  const marked = new Marked({ gfm: true, async: false })
  marked.use({
    renderer: {
      heading(this: RendererThis, token: Tokens.Heading) {
        const id = uniqueId(slugifyHeading(this.parser.parseInline(token.tokens, this.parser.textRenderer)))
        const inner = this.parser.parseInline(token.tokens)
        // The heading text is its own anchor link, unless it already holds a link (no nesting).
        const content = /<a\s/.test(inner) ? inner : `<a class="heading-anchor" href="#${id}">${inner}</a>`
        return `<h${token.depth} id="${id}">${content}</h${token.depth}>\n`
      },
      code(token: Tokens.Code) {
        const info = (token.lang ?? '').trim().split(/\s+/)[0] ?? ''
        const highlighted = highlightCode(token.text, info)
        const label = info ? ` data-lang="${escapeAttribute(highlighted.language ?? info)}"` : ''
        const language = highlighted.language ? ` language-${highlighted.language}` : ''
        codeBlocks.push(highlighted.html)
        // Focusable, so a keyboard can scroll a line wider than the column.
        return `<pre class="code-block"${label} tabindex="0"><code class="hljs${language}">${marker}${codeBlocks.length - 1}${marker}</code></pre>\n`
      },
      image(token: Tokens.Image) {
        const size = sizeOf(token.href)
        const title = token.title ? ` title="${escapeAttribute(token.title)}"` : ''
        const dimensions = size ? ` width="${size.width}" height="${size.height}"` : ''
        return `<img src="${escapeAttribute(token.href)}" alt="${escapeAttribute(token.text)}"${title}${dimensions} loading="lazy" decoding="async">`
      },
      listitem(this: RendererThis, item: Tokens.ListItem) {
        if (!item.task) return false
        return `<li class="task-list-item">${labelledTask(this, item.tokens)}</li>\n`
      },
    },
  })

  return (markdown) => {
    usedIds = new Set(RESERVED_IDS)
    codeBlocks = []
    const html = (marked.parse(markdown) as string)
      // A wide table scrolls on its own (focusable for keyboards) instead of widening the page.
      .replace(/<table\b[^>]*>/g, (table) => `<div class="table-scroll" tabindex="0">${table}`)
      .replace(/<\/table>/g, '</table></div>')
    const blocks = codeBlocks
    return sanitizePostHtml(html).replace(new RegExp(`${marker}(\\d+)${marker}`, 'g'), (_, index: string) => `${blocks[Number(index)]}\n`)
  }
}

/** A task item with its checkbox inside a label holding the item's first line of text. */
function labelledTask(renderer: RendererThis, tokens: Tokens.Generic[]): string {
  const [first, second, ...rest] = tokens
  // Tight list: [checkbox, text, ...nested]; loose list: [paragraph [checkbox, ...inline], ...].
  if (first?.type === 'checkbox' && second?.type === 'text') {
    return `<label>${renderer.parser.parseInline([first])}${renderer.parser.parse([second])}</label>${renderer.parser.parse(rest)}`
  }
  if (first?.type === 'paragraph') {
    const paragraph = first as Tokens.Paragraph
    return `<p><label>${renderer.parser.parseInline(paragraph.tokens)}</label></p>${renderer.parser.parse(tokens.slice(1))}`
  }
  return renderer.parser.parse(tokens)
}
