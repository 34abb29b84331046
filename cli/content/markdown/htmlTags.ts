import { Parser } from 'htmlparser2'

// The elements a piece of raw HTML opens, read as the sanitizer reads them, with where each element and attribute is: for the checks on raw HTML and their places.

/** An HTML element opened in a piece of raw HTML: its name and attributes (entities decoded, names in lower case). */
export interface HtmlTag {
  name: string
  attributes: Record<string, string>
  /** Where its `<` is in the HTML. */
  offset: number
  /** Where each attribute's name is in the HTML. */
  attributeOffsets: Record<string, number>
}

/** Where the value of the attribute whose name is at `nameOffset` in `html` starts (past its `=` and quote). */
export function attributeValueOffset(html: string, nameOffset: number): number {
  const name = /^[^\s=/>]+/.exec(html.slice(nameOffset))?.[0] ?? ''
  const equals = /^\s*=\s*["']?/.exec(html.slice(nameOffset + name.length))?.[0] ?? ''
  return nameOffset + name.length + equals.length
}

/** Every element `html` opens, read by an HTML parser (the sanitizer's), in order. */
export function htmlTags(html: string): HtmlTag[] {
  const tags: HtmlTag[] = []
  let attributeOffsets: Record<string, number> = {}
  const parser = new Parser(
    {
      onattribute(name) {
        attributeOffsets[name] ??= parser.startIndex
      },
      onopentag(name, attributes) {
        tags.push({ name, attributes, offset: parser.startIndex, attributeOffsets })
        attributeOffsets = {}
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  )
  parser.end(html)
  return tags
}
