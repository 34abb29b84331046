import { Parser } from 'htmlparser2'

// XML read by htmlparser2's XML mode (2.5× sax), namespaces resolved here from the declarations in scope, whatever prefix; each element told as read, no tree kept.

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
        for (const [attribute, value] of Object.entries(attributes)) if (attribute === 'xmlns' || attribute.startsWith('xmlns:')) scope = { ...scope, [attribute.slice(6)]: value }
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
