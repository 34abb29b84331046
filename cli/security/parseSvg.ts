import { onFirstUse } from '../util/onFirstUse.ts'
import { PositionedSyntaxError } from '../content/textPosition.ts'

// An SVG read as a browser's XML parser does, strictly, so it cannot mean one thing to the sanitizer and another to the browser.
// sax reads it (pinned by parseSvg.test.ts): svgo's parser counts references as expansions and names no file.
const sax = onFirstUse((require) => require('sax') as Sax)

/** An element, with its name as written and as resolved: its namespace from the declarations in scope. */
export interface SvgElement {
  type: 'element'
  /** As written, with its prefix (`s:script`). */
  name: string
  uri: string
  local: string
  attributes: SvgAttribute[]
  children: SvgNode[]
  /** The namespace bindings in scope (prefix → URI, '' for the default), for names inside values (`attributeName="x:href"`). */
  scope: Readonly<Record<string, string>>
}

export interface SvgAttribute {
  name: string
  /** '' for an attribute without a prefix (no namespace). */
  uri: string
  local: string
  /** Entities and character references read. */
  value: string
}

export type SvgNode =
  | SvgElement
  | { type: 'text' | 'cdata' | 'comment'; value: string }
  | { type: 'instruction'; name: string; body: string }
  | { type: 'doctype'; value: string }

/** Why a file is not an SVG the sanitizer can read, and where (1-based). */
export class SvgSyntaxError extends PositionedSyntaxError {}

/** Characters all of a file's entities may expand to: a DOCTYPE's few URIs are far below, a bomb far above. */
export const MAX_ENTITY_EXPANSION = 1_000_000

const XMLNS = 'http://www.w3.org/2000/xmlns/'

/** The document `svg` as a tree (its top-level nodes), or an SvgSyntaxError. */
export function parseSvg(svg: string): SvgNode[] {
  const { parser, XML_ENTITIES } = sax()
  const reader = parser(true, { xmlns: true, position: true, strictEntities: true })
  const top: SvgNode[] = []
  const stack: SvgElement[] = []
  const add = (node: SvgNode) => (stack.at(-1)?.children ?? top).push(node)
  // sax is past the character it stops at; an entity is shown from its `&` (`back` characters before).
  const fail = (reason: string, back = 0): never => {
    throw new SvgSyntaxError(reason, reader.line + 1, Math.max(1, reader.column - back))
  }
  let expanded = 0

  reader.ondoctype = (doctype) => {
    add({ type: 'doctype', value: doctype })
    // Internal general entities expanded as text, never markup or another entity: a value with `&` or `<` is refused where used.
    const entities: Record<string, string> = Object.create(XML_ENTITIES) as Record<string, string>
    for (const [name, value] of internalEntities(doctype)) {
      Object.defineProperty(entities, name, {
        get() {
          if (/[&<]/.test(value)) fail(`the entity &${name}; holds markup or another entity, which kube-site does not expand (an entity bomb nests them)`, name.length + 1)
          expanded += value.length
          if (expanded > MAX_ENTITY_EXPANSION) fail(`the entities expand past ${MAX_ENTITY_EXPANSION.toLocaleString('en')} characters (an entity bomb)`, name.length + 1)
          return value
        },
      })
    }
    reader.ENTITIES = entities
  }
  reader.onprocessinginstruction = ({ name, body }) => {
    // Served without a charset, the file is decoded as its declaration says: in another encoding the browser would read other markup.
    const encoding = name === 'xml' ? /\bencoding\s*=\s*(["'])([^"']*)\1/.exec(body)?.[2] : undefined
    if (encoding && !/^(?:utf-8|us-ascii)$/i.test(encoding)) fail(`it declares encoding="${encoding}": kube-site reads and publishes SVGs as UTF-8 (save it as UTF-8)`)
    add({ type: 'instruction', name, body })
  }
  reader.oncomment = (value) => add({ type: 'comment', value })
  reader.oncdata = (value) => add({ type: 'cdata', value })
  reader.ontext = (value) => add({ type: 'text', value })
  reader.onopentag = (tag) => {
    const attributes = Object.values(tag.attributes).map(({ name, uri, local, value }) => ({ name, uri, local, value }))
    const expandedNames = new Set(attributes.map(({ uri, local, name }) => (uri ? `${uri} ${local}` : name)))
    // Two prefixes bound to one namespace still name one attribute.
    if (expandedNames.size < attributes.length) fail(`<${tag.name}> has an attribute twice`)
    const parent = stack.at(-1)
    const scope: Record<string, string> = Object.create(parent?.scope ?? null) as Record<string, string>
    for (const { uri, local, name, value } of attributes) if (uri === XMLNS) scope[name === 'xmlns' ? '' : local] = value
    const element: SvgElement = { type: 'element', name: tag.name, uri: tag.uri, local: tag.local, attributes, children: [], scope }
    add(element)
    stack.push(element)
  }
  // sax keeps the last of two attributes of one name; the browser refuses the file.
  const seen = new Set<string>()
  reader.onopentagstart = () => seen.clear()
  reader.onattribute = ({ name }) => {
    if (seen.has(name)) fail(`the attribute ${name} is written twice`)
    seen.add(name)
  }
  reader.onclosetag = () => void stack.pop()
  reader.onerror = (error) => {
    const message = error.message.split('\n')[0] ?? error.message
    fail(saxReason(message), message === 'Invalid character entity' ? reader.entity.length + 1 : 0)
  }

  try {
    reader.write(svg).close()
  } catch (error) {
    if (error instanceof SvgSyntaxError) throw error
    throw new SvgSyntaxError(String((error as Error)?.message ?? error), reader.line + 1, Math.max(1, reader.column))
  }
  if (!top.some((node) => node.type === 'element')) throw new SvgSyntaxError('the file has no element', 1, 1)
  return top
}

/** sax's messages, said for a writer. */
function saxReason(message: string): string {
  if (message === 'Invalid character entity') return 'an entity that XML does not define (only &amp; &lt; &gt; &quot; &apos;, character references like &#233;, and those of its own DOCTYPE)'
  if (message.startsWith('Non-whitespace before first tag')) return 'this is not XML: an SVG starts with <svg or <?xml'
  return message.charAt(0).toLowerCase() + message.slice(1).replace(/\.$/, '')
}

/** The general entities an internal subset declares with a literal value, character references read; external and parameter entities stay undeclared (refused). */
export function internalEntities(doctype: string): [string, string][] {
  const open = doctype.indexOf('[')
  if (open === -1) return []
  const subset = doctype.slice(open + 1, doctype.lastIndexOf(']'))
  const found: [string, string][] = []
  for (const match of subset.matchAll(/<!ENTITY\s+([^\s%][^\s]*)\s+(?:"([^"]*)"|'([^']*)')\s*>/g)) {
    const value = (match[2] ?? match[3] ?? '').replace(/&#(x[0-9a-fA-F]+|[0-9]+);/g, (reference, code: string) => {
      const point = code[0] === 'x' ? Number.parseInt(code.slice(1), 16) : Number(code)
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : reference
    })
    if (!found.some(([name]) => name === match[1])) found.push([match[1]!, value])
  }
  return found
}

/** The tree written back as XML: what parseSvg reads as the same tree. */
export function serializeSvg(nodes: SvgNode[]): string {
  let out = ''
  const write = (node: SvgNode) => {
    switch (node.type) {
      case 'element':
        out += `<${node.name}`
        for (const { name, value } of node.attributes) out += ` ${name}="${escapeAttribute(value)}"`
        if (node.children.length === 0) {
          out += '/>'
          return
        }
        out += '>'
        node.children.forEach(write)
        out += `</${node.name}>`
        return
      case 'text':
        out += node.value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
        return
      case 'cdata':
        out += `<![CDATA[${node.value}]]>`
        return
      case 'comment':
        out += `<!--${node.value}-->`
        return
      case 'instruction':
        out += `<?${node.name}${node.body ? ` ${node.body}` : ''}?>`
        return
      case 'doctype':
        out += `<!DOCTYPE${node.value}>`
    }
  }
  nodes.forEach(write)
  return out
}

/** An attribute's value as written in double quotes; whitespace as references, which attribute-value normalisation keeps. */
const escapeAttribute = (value: string) =>
  value.replace(/[&<"\t\n\r]/g, (character) => ({ '&': '&amp;', '<': '&lt;', '"': '&quot;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' })[character]!)

/** What parseSvg uses of sax 1.6.1 (it has no types of its own). */
interface SaxTag {
  name: string
  uri: string
  local: string
  attributes: Record<string, { name: string; uri: string; local: string; value: string }>
}
interface SaxParser {
  line: number
  /** The name of the entity being read. */
  entity: string
  column: number
  ENTITIES: Record<string, string>
  ondoctype(doctype: string): void
  onprocessinginstruction(instruction: { name: string; body: string }): void
  oncomment(comment: string): void
  oncdata(cdata: string): void
  ontext(text: string): void
  onopentagstart(tag: { name: string }): void
  onattribute(attribute: { name: string; value: string }): void
  onopentag(tag: SaxTag): void
  onclosetag(name: string): void
  onerror(error: Error): void
  write(chunk: string): SaxParser
  close(): SaxParser
}
interface Sax {
  parser(strict: boolean, options: { xmlns: boolean; position: boolean; strictEntities: boolean }): SaxParser
  XML_ENTITIES: Record<string, string>
}
