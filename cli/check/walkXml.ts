import { Parser } from 'htmlparser2'

// XML read with htmlparser2, the parser that reads the pages (extractLinks.ts), in its XML mode:
// the fastest at hand, two and a half times faster than sax (a site of 5,000 posts has 190 MB of
// feeds). htmlparser2 gives each element's name as written; its namespace is resolved here from
// the declarations in scope, as XML's namespaces define it, so an element is known by what it is,
// whatever prefix the file gives it. Each element is told as it is read, and no tree is kept
// (tests/unit/readXml.ts, the tests' strict reader of the same files, keeps one).

export interface XmlElement {
  /** The namespace ('' for none). */
  uri: string
  /** The name without its prefix. */
  local: string
  /** As written (a prefixed name keeps its prefix), entities read. */
  attributes: Readonly<Record<string, string>>
  parent: XmlElement | undefined
}

export interface XmlVisitor {
  /** An element starts; returning true asks for its text (its descendants' too), given at its end. */
  open(element: XmlElement): boolean | void
  close?(element: XmlElement, text: string): void
}

interface Open {
  element: XmlElement
  scope: Readonly<Record<string, string>>
  text?: string
}

/** Reads `xml`, telling `visitor` of each element as it starts and, when it asked for its text, as it ends. */
export function walkXml(xml: string, visitor: XmlVisitor): void {
  const stack: Open[] = []
  let collecting = 0
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const parent = stack.at(-1)
        let scope = parent?.scope ?? {}
        for (const [attribute, value] of Object.entries(attributes)) {
          if (attribute === 'xmlns' || attribute.startsWith('xmlns:')) scope = { ...scope, [attribute.slice(6)]: value }
        }
        const colon = name.indexOf(':')
        const prefix = colon < 0 ? '' : name.slice(0, colon)
        const element: XmlElement = { uri: scope[prefix] ?? '', local: name.slice(colon + 1), attributes, parent: parent?.element }
        const open: Open = { element, scope }
        if (visitor.open(element) === true) {
          open.text = ''
          collecting++
        }
        stack.push(open)
      },
      ontext(text) {
        if (collecting > 0) for (const open of stack) if (open.text !== undefined) open.text += text
      },
      onclosetag() {
        const open = stack.pop()
        if (open?.text === undefined) return
        collecting--
        visitor.close?.(open.element, open.text)
      },
    },
    { xmlMode: true, decodeEntities: true },
  )
  parser.end(xml)
}
