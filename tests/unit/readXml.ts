// A strict reader of the XML kube-site writes (feeds, sitemaps), for tests: it throws on anything
// that is not well-formed (unclosed or crossed tags, bad entities, unquoted attributes, text or a
// second element outside the root) and returns a small tree to query. No DTDs or namespaces
// resolution: the generated files have none to resolve.

export interface XmlElement {
  name: string
  attributes: Record<string, string>
  children: XmlElement[]
  /** The element's own text (CDATA included), decoded. */
  text: string
}

const NAME = '[A-Za-z_][\\w.:-]*'
const ATTRIBUTE = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`, 'g')
const TOKEN = new RegExp(
  [
    '(<\\?xml\\s[^?]*\\?>)',
    '(<!--[\\s\\S]*?-->)',
    '<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>',
    `</(${NAME})\\s*>`,
    `<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`,
    '([^<]+)',
  ].join('|'),
  'y',
)
const BAD_ENTITY = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-fA-F]+);)/

function decode(text: string, at: number): string {
  if (BAD_ENTITY.test(text)) throw new Error(`XML: bad entity near offset ${at}: ${text.slice(0, 40)}`)
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
  return text.replace(/&(#x[\da-fA-F]+|#\d+|\w+);/g, (_, entity: string) =>
    entity.startsWith('#x') ? String.fromCodePoint(parseInt(entity.slice(2), 16)) : entity.startsWith('#') ? String.fromCodePoint(Number(entity.slice(1))) : named[entity]!,
  )
}

/** Parses a whole XML document; throws with the offset of the first thing that is not well-formed. */
export function readXml(source: string): XmlElement {
  const stack: XmlElement[] = []
  let root: XmlElement | undefined
  TOKEN.lastIndex = 0
  while (TOKEN.lastIndex < source.length) {
    const at = TOKEN.lastIndex
    const match = TOKEN.exec(source)
    if (!match) throw new Error(`XML: not well-formed at offset ${at}: ${source.slice(at, at + 40)}`)
    const [, declaration, comment, cdata, closing, opening, attributes, selfClosing, text] = match
    const parent = stack.at(-1)
    if (declaration !== undefined) {
      if (at !== 0) throw new Error('XML: the declaration must come first')
    } else if (comment !== undefined) {
      continue
    } else if (cdata !== undefined || text !== undefined) {
      const value = cdata ?? decode(text!, at)
      if (parent) parent.text += value
      else if (value.trim()) throw new Error(`XML: text outside the root element at offset ${at}`)
    } else if (closing !== undefined) {
      const open = stack.pop()
      if (open?.name !== closing) throw new Error(`XML: </${closing}> closes <${open?.name ?? 'nothing'}> at offset ${at}`)
    } else {
      const element: XmlElement = { name: opening!, attributes: {}, children: [], text: '' }
      for (const [, name, double, single] of attributes!.matchAll(ATTRIBUTE)) {
        if (name! in element.attributes) throw new Error(`XML: attribute ${name} repeated at offset ${at}`)
        element.attributes[name!] = decode(double ?? single ?? '', at)
      }
      if (parent) parent.children.push(element)
      else if (root) throw new Error(`XML: a second root element <${element.name}> at offset ${at}`)
      else root = element
      if (!selfClosing) stack.push(element)
    }
  }
  if (stack.length) throw new Error(`XML: <${stack.at(-1)!.name}> is never closed`)
  if (!root) throw new Error('XML: no root element')
  return root
}

/** Every descendant element called `name`, in document order. */
export function findAll(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [...(child.name === name ? [child] : []), ...findAll(child, name)])
}

/** The text of the first descendant called `name`. */
export function textOf(element: XmlElement, name: string): string | undefined {
  return findAll(element, name)[0]?.text
}
