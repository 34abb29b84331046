import { Marked, type Token, type Tokens } from 'marked'

// Where a post's markdown writes link and image URLs, as marked reads them (never in code), each token found by its `raw`, for markdownTwin.ts.

/** A URL as the post writes it. */
export interface WrittenUrl {
  /** Where it is written in the markdown: `markdown.slice(start, end)`. */
  start: number
  end: number
  /** As marked reads it, which is what the page's HTML got (the page decides with it). */
  href: string
  /** An image's source, or where a link (or a link definition) goes. */
  kind: 'image' | 'link'
  /** Written as an attribute of raw HTML (entities and all), not as markdown. */
  inHtml?: boolean
}

// As the post renderer reads markdown (cli/content/markdown/renderMarkdown.ts): GitHub-flavoured.
const lexer = new Marked({ gfm: true, async: false })

// An inline link or image ends with its destination in parentheses: `](` then spaces and an optional `<`.
const INLINE_DESTINATION = /\]\(\s*<?/g
// A definition: `[label]:` then spaces (a line break too) and an optional `<`.
const DEFINITION_DESTINATION = /\]:\s*<?/
// The URL attribute of a tag in raw HTML: an <img>'s src, an <a>'s href, in any quotes or none.
const HTML_URL = /<(img|a)\b[^>]*?\s(src|href)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi

/** Every link and image URL `markdown` writes (links, images, definitions, raw <img src> and <a href>), in order; one written with backslash escapes is left out. */
export function urlsIn(markdown: string): WrittenUrl[] {
  const found: WrittenUrl[] = []
  /** Definitions, and the URLs images take from a definition (`![alt][label]`). */
  const definitions: WrittenUrl[] = []
  const imageReferences = new Set<string>()
  const find = (raw: string, from: number, to: number) => {
    const at = markdown.indexOf(raw, from)
    return at >= 0 && at + raw.length <= to ? at : -1
  }
  /** A URL marked read as `href`, if it is written so at `start`. */
  const add = (href: string, kind: WrittenUrl['kind'], start: number, into = found) => {
    if (markdown.startsWith(href, start)) into.push({ start, end: start + href.length, href, kind })
  }

  // Returns how far it read: a token marked rewrote (a line of a list item, its indent removed) is not found, and its children are looked for from where the previous token ended.
  const walk = (tokens: readonly Token[], from: number, to: number): number => {
    let cursor = from
    for (const token of tokens) {
      const at = token.raw ? find(token.raw, cursor, to) : -1
      const end = at >= 0 ? at + token.raw.length : undefined
      switch (token.type) {
        case 'code':
        case 'codespan':
          break
        case 'link':
        case 'image': {
          const { href } = token as Tokens.Link | Tokens.Image
          if (at < 0) break
          const start = inlineDestination(token.raw, href)
          if (start !== undefined) add(href, token.type, at + start)
          else if (token.type === 'image') imageReferences.add(href)
          break
        }
        case 'def': {
          const opening = at >= 0 ? DEFINITION_DESTINATION.exec(token.raw) : null
          if (opening) add((token as Tokens.Def).href, 'link', at + opening.index + opening[0].length, definitions)
          break
        }
        case 'html':
          if (at >= 0) for (const { written, offset, kind } of htmlUrls(token.raw)) found.push({ start: at + offset, end: at + offset + written.length, href: decodeEntities(written), kind, inHtml: true })
          break
      }
      const children = childrenOf(token)
      if (children.length > 0 && token.type !== 'code') {
        const reached = walk(children, at >= 0 ? at : cursor, end ?? to)
        if (at < 0) cursor = reached
      }
      if (end !== undefined) cursor = end
    }
    return cursor
  }
  walk(lexer.lexer(markdown), 0, markdown.length)
  for (const definition of definitions) found.push(imageReferences.has(definition.href) ? { ...definition, kind: 'image' } : definition)
  return found.sort((a, b) => a.start - b.start)
}

/** Where in an inline link's or image's text (`[text](url "title")`) its URL starts; undefined for a reference or an autolink. */
function inlineDestination(raw: string, href: string): number | undefined {
  if (!raw.endsWith(')')) return undefined
  // The last `](` that the URL follows: the text before may hold an image's `](` (a linked badge).
  const openings = [...raw.matchAll(INLINE_DESTINATION)].reverse()
  const opening = openings.find((match) => raw.startsWith(href, match.index + match[0].length))
  return opening && opening.index + opening[0].length
}

/** The URLs of the <img> and <a> tags of raw HTML, as written (entities and all), with their offsets in it. */
function htmlUrls(html: string): { written: string; offset: number; kind: WrittenUrl['kind'] }[] {
  const urls: { written: string; offset: number; kind: WrittenUrl['kind'] }[] = []
  for (const match of html.matchAll(HTML_URL)) {
    const written = match[3] ?? match[4] ?? match[5]!
    const quoted = match[3] !== undefined || match[4] !== undefined
    const offset = match.index + match[0].length - written.length - (quoted ? 1 : 0)
    urls.push({ written, offset, kind: match[1]!.toLowerCase() === 'img' ? 'image' : 'link' })
  }
  return urls
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', '#39': "'", apos: "'", lt: '<', gt: '>' }

/** An attribute's value as HTML reads it, for the entities a URL may hold. */
const decodeEntities = (value: string) => value.replace(/&(amp|quot|#39|apos|lt|gt);/g, (entity, name: string) => ENTITIES[name] ?? entity)

/** A token's children in the order they are written: inline tokens, list items, a table's cells. */
function childrenOf(token: Token): readonly Token[] {
  if (token.type === 'list') return (token as Tokens.List).items
  if (token.type === 'table') {
    const table = token as Tokens.Table
    return [...table.header, ...table.rows.flat()].flatMap((cell) => cell.tokens)
  }
  return 'tokens' in token && Array.isArray(token.tokens) ? token.tokens : []
}
