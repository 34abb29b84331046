import { Lexer, Marked, type Token, type Tokens } from 'marked'
import { randomUUID } from 'node:crypto'
import { join, resolve, sep } from 'node:path'
import { toolRoot } from '../../toolRoot.ts'
import { columnInText, extractPastedImages } from './pastedImages.ts'
import { calloutFrame, type CalloutToken, type CalloutType } from './callouts.ts'
import { renderCodeBlock, type FenceInfo } from './codeBlocks.ts'
import { withTableOfContents } from './tableOfContents.ts'
import { readPostTokens, type CodeToken, type HeadingToken } from './postTokens.ts'
import { POST_LEXER_OPTIONS } from './tokenPositions.ts'
import { imageSize, type ImageSize } from './imageSize.ts'
import { checkLineLengths, limitNesting, MarkdownLimitError } from './markdownLimits.ts'
import { isExternal } from '../../../pages/_lib/urls/href.ts'
import { sanitizePostHtml } from './sanitizePostHtml.ts'
import { isPageId, REACT_ID_PREFIXES } from '../../../pages/_lib/pageIds.ts'
import { escapeHtml } from '../../util/escapeHtml.ts'
import { internalError } from '../../errors.ts'
import { decodedUri } from '../../util/decodedUri.ts'

export interface MarkdownRendererOptions {
  /** The site's static files, where an image at '/images/a.png' is read to learn its size. Default: the site's public/. */
  publicDir?: string
  /** The words a body writes itself, in the site's language (content/locales/siteStrings.ts). Default: English. */
  labels?: BodyLabels
}

/** The words a body writes itself: each callout type's name, and the table of contents' label. */
export interface BodyLabels {
  callouts: Record<CalloutType, string>
  toc: string
}

/** What a post asks of its rendering. */
export interface RenderOptions {
  /** A table of contents before a body with enough headings (tableOfContents.ts). Default: true. */
  toc?: boolean
}

/** Renders a post's markdown to its body's HTML (see createMarkdownRenderer). */
export type MarkdownRenderer = (markdown: string, options?: RenderOptions) => string

interface RendererThis {
  parser: {
    parse(tokens: Tokens.Generic[]): string
    parseInline(tokens: Tokens.Generic[], renderer?: unknown): string
    textRenderer: unknown
  }
}

/** 'Read-only by construction!' → 'read-only-by-construction', as GitHub makes heading ids. */
export function slugifyHeading(text: string): string {
  const slug = text
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s+/g, '-')
  return slug || 'section'
}

/** A marked instance for posts: GFM, heading anchors, build-time highlighting, sized lazy images, labelled tasks, sanitized, a table of contents; limits: markdownLimits.ts. */
export function createMarkdownRenderer(options: MarkdownRendererOptions = {}): MarkdownRenderer {
  const publicDir = resolve(options.publicDir ?? join(toolRoot, 'public'))
  const sizes = new Map<string, ImageSize | undefined>()
  const sizeOf = (href: string): ImageSize | undefined => {
    if (!/^\/(?!\/)/.test(href)) return undefined
    const decoded = decodedUri(href.split(/[?#]/)[0]!)
    if (decoded === undefined) return undefined
    const file = resolve(publicDir, `.${decoded}`)
    if (!file.startsWith(publicDir + sep)) return undefined
    if (!sizes.has(file)) sizes.set(file, imageSize(file))
    return sizes.get(file)
  }

  // HTML needing no sanitizing (isInert blocks, highlighted code) goes in after the sanitizer, behind an unguessable Latin-1 marker (V8 keeps one-byte strings).
  const marker = `\u0001${randomUUID()}\u0001`
  const markerPattern = new RegExp(`${marker}(\\d+)${marker}`, 'g')
  let trusted: string[] = []
  const trust = (html: string) => `${marker}${trusted.push(html) - 1}${marker}`
  /** Whether the HTML being written goes through the sanitizer. */
  let sanitizing = false

  let usedIds = new Set<string>()
  // The next number to try for each slug: counting from 1 each time was quadratic (16,000 headings took 40 s).
  let nextNumber = new Map<string, number>()
  // Never one of the page's own ids (pages/_lib/pageIds.ts): a heading "Main" must not steal the skip link's target.
  const uniqueId = (text: string) => {
    let slug = text
    while (REACT_ID_PREFIXES.some((prefix) => slug.startsWith(prefix))) slug = slug.slice(1)
    let id = slug
    let n = nextNumber.get(slug) ?? 1
    for (; usedIds.has(id) || isPageId(id); n++) id = `${slug}-${n}`
    nextNumber.set(slug, n)
    usedIds.add(id)
    return id
  }

  // The lexer's options are the ones a problem's place is found with (tokenPositions.ts).
  const marked = new Marked({ ...POST_LEXER_OPTIONS, async: false })
  marked.use({
    renderer: {
      heading(this: RendererThis, token: HeadingToken) {
        const id = token.customId ?? uniqueId(slugifyHeading(this.parser.parseInline(token.tokens, this.parser.textRenderer)))
        const inner = this.parser.parseInline(token.tokens)
        // The heading text is its own anchor link, unless it already holds a link (no nesting).
        const content = /<a\s/.test(inner) ? inner : `<a class="heading-anchor" href="#${id}">${inner}</a>`
        return `<h${token.depth} id="${id}">${content}</h${token.depth}>\n`
      },
      code(token: CodeToken) {
        const fence: FenceInfo = token.fence ?? { language: (token.lang ?? '').trim().split(/\s+/)[0] ?? '' }
        return renderCodeBlock(token.text, fence, sanitizing ? trust : undefined)
      },
      // A callout's markup is trusted; its content is sanitized on its own, so raw HTML cannot reach past its end.
      blockquote(this: RendererThis, token: CalloutToken) {
        if (!token.callout) return false
        const { open, close } = calloutFrame(token.callout, options.labels?.callouts[token.callout])
        const content = this.parser.parse(token.tokens)
        return sanitizing ? `${trust(open)}${sanitizePostHtml(content)}${trust(close)}` : `${open}${content}${close}`
      },
      // A link the sanitizer would keep (isPlainLink) is written as it writes it; any other is left to it.
      link(this: RendererThis, token: Tokens.Link) {
        if (!isPlainLink(token)) return false
        const title = token.title ? ` title="${escapeHtml(token.title)}"` : ''
        const newTab = isExternal(token.href) ? ' target="_blank" rel="noopener noreferrer"' : ''
        return `<a href="${token.href}"${title}${newTab}>${this.parser.parseInline(token.tokens)}</a>`
      },
      image(token: Tokens.Image) {
        const size = sizeOf(token.href)
        const title = token.title ? ` title="${escapeHtml(token.title)}"` : ''
        const dimensions = size ? ` width="${size.width}" height="${size.height}"` : ''
        return `<img src="${escapeHtml(token.href)}" alt="${escapeHtml(token.text)}"${title}${dimensions} loading="lazy" decoding="async">`
      },
      // As the sanitizer writes them, so a post reads the same whichever way its blocks went.
      checkbox(token: Tokens.Checkbox) {
        return `<input${token.checked ? ' checked' : ''} disabled type="checkbox" /> `
      },
      br() {
        return '<br />'
      },
      hr() {
        return '<hr />\n'
      },
      listitem(this: RendererThis, item: Tokens.ListItem) {
        if (!item.task) return false
        return `<li class="task-list-item">${labelledTask(this, item.tokens)}</li>\n`
      },
    },
  })

  /** The body of the markdown `extractPastedImages` made of a post. */
  function render(markdown: string, { toc = true }: RenderOptions = {}): string {
    nextNumber = new Map()
    trusted = []
    // Past these limits marked would overflow the stack or take minutes (see markdownLimits.ts).
    checkLineLengths(markdown)
    // Runs of inert blocks rendered apart; the rest sanitized as one document (raw HTML may span blocks).
    const tokens = limitNesting(new Lexer(marked.defaults), markdown).lex(markdown)
    // Ids the headings and the raw HTML set themselves are taken before any is made from a heading's text.
    usedIds = readPostTokens(tokens, markdown)
    const inertAt = tokens.map(isInert)
    let untrusted = ''
    for (let start = 0; start < tokens.length; ) {
      const inert = inertAt[start]
      let end = start + 1
      while (end < tokens.length && inertAt[end] === inert) end++
      sanitizing = !inert
      const html = wrapTables(marked.parser(tokens.slice(start, end)))
      untrusted += inert ? trust(html) : html
      start = end
    }
    const html = sanitizePostHtml(untrusted).replace(markerPattern, (_, index: string) => trusted[Number(index)]!)
    return withoutPageIds(toc ? withTableOfContents(html, (text) => uniqueId(slugifyHeading(text)), options.labels?.toc) : html)
  }

  return (source, options) => {
    // A pasted image becomes a path: the images stage writes its file and processes it like the others.
    const { markdown, images } = extractPastedImages(source)
    try {
      return render(markdown, options)
    } catch (error) {
      // A problem's column counts the pasted images before it on its line as they are written.
      if (!(error instanceof MarkdownLimitError) || images.length === 0 || error.line === undefined || error.column === undefined) throw error
      throw new MarkdownLimitError(error.message, error.hint, error.line, columnInText(source, images, error.line, error.column))
    }
  }
}

/** The body, checked to set none of its page's ids: one here is our bug. Sanitizer HTML writes ` name="value"` and escapes `"`, so ids are found by form. */
export function withoutPageIds(html: string): string {
  if (!html.includes(' id="')) return html
  for (const [, id] of html.matchAll(/ id="([^"]*)"/g)) if (isPageId(id!)) throw internalError(`the post's body sets the id "${id}", which the page around it sets too (pages/_lib/pageIds.ts)`)
  return html
}

/** A wide table scrolls on its own (focusable for keyboards) instead of widening the page. */
const wrapTables = (html: string) =>
  !html.includes('<table') ? html : html.replace(/<table\b[^>]*>/g, (table) => `<div class="table-scroll" tabindex="0">${table}`).replace(/<\/table>/g, '</table></div>')

// Tokens rendered from escaped text, fixed markup and plain links alone: not images (scheme check), raw HTML or text inside it, nor anything unknown.
const INERT_TOKENS = new Set(['space', 'hr', 'paragraph', 'heading', 'blockquote', 'list', 'list_item', 'table', 'code', 'text', 'escape', 'strong', 'em', 'del', 'codespan', 'br', 'checkbox', 'link'])

// A URL needing no escaping in an attribute, kept as is by marked's encodeURI (no '&', quote, '<', '>', '\\', space, control)…
const PLAIN_URL_CHARACTERS = String.raw`[A-Za-z0-9\-._~:/?#\[\]@!$'()*+,;=%]`
// …in a scheme the sanitizer allows, never '//' (protocol-relative).
const PLAIN_HREF = new RegExp(String.raw`^(?:https?://|mailto:|/(?!/)|#)${PLAIN_URL_CHARACTERS}*$`, 'i')
const PLAIN_TEXT = new RegExp(`^${PLAIN_URL_CHARACTERS}*$`)

/** Whether the sanitizer would keep a link as written here: a plain URL and, for an autolink, plain text. */
function isPlainLink(token: Tokens.Link): boolean {
  return PLAIN_HREF.test(token.href) && (!('autolink' in token) || !token.autolink || PLAIN_TEXT.test(token.text))
}

/** Whether a token's HTML, children included, is safe as marked and this renderer write it. */
function isInert(token: Token): boolean {
  if (!INERT_TOKENS.has(token.type) || (token.type === 'text' && token.escaped)) return false
  switch (token.type) {
    case 'link':
      return isPlainLink(token as Tokens.Link) && (token as Tokens.Link).tokens.every(isInert)
    case 'list':
      return (token as Tokens.List).items.every(isInert)
    case 'table': {
      const table = token as Tokens.Table
      return [table.header, ...table.rows].every((cells) => cells.every((cell) => cell.tokens.every(isInert)))
    }
    default:
      return !('tokens' in token) || !token.tokens || token.tokens.every(isInert)
  }
}

/** A task item with its checkbox inside a label holding the item's first line of text. */
function labelledTask(renderer: RendererThis, tokens: Tokens.Generic[]): string {
  const [first, second, ...rest] = tokens
  // Tight list: [checkbox, text, ...nested]; loose list: [paragraph [checkbox, ...inline], ...].
  if (first?.type === 'checkbox' && second?.type === 'text') return `<label>${renderer.parser.parseInline([first])}${renderer.parser.parse([second])}</label>${renderer.parser.parse(rest)}`
  if (first?.type === 'paragraph') {
    const paragraph = first as Tokens.Paragraph
    return `<p><label>${renderer.parser.parseInline(paragraph.tokens)}</label></p>${renderer.parser.parse(tokens.slice(1))}`
  }
  return renderer.parser.parse(tokens)
}
