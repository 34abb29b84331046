import type { Token, Tokens } from 'marked'
import { readCallout, UnknownCalloutError, type CalloutToken } from './callouts.ts'
import { FenceInfoError, parseFenceInfo, type FenceInfo } from './codeBlocks.ts'
import { MarkdownLimitError } from './markdownLimits.ts'
import { htmlTags } from './htmlTags.ts'
import { offsetOfToken, positionInMarkdown } from './tokenPositions.ts'
import { isPageId } from '../../../pages/_lib/pageIds.ts'

// A post's syntax beyond GFM, read from its tokens in one walk so problems have places: callouts, fence options, `{#id}` headings, raw HTML ids (never the page's).

/** A heading that sets its own id. */
export interface HeadingToken extends Tokens.Heading {
  customId?: string
}

/** A code block with its fence's options read. */
export interface CodeToken extends Tokens.Code {
  fence?: FenceInfo
}

// `{#id}` at the end of a heading, after a space; the id is checked apart, to say what is wrong with it.
const CUSTOM_ID = /[ \t]+\{#([^}]*)\}[ \t]*$/
const VALID_ID = /^[A-Za-z0-9][\w-]*$/

/** Reads the post's own syntax into its tokens; returns the ids its headings and raw HTML set. A page's own id is refused with a MarkdownLimitError. */
export function readPostTokens(tokens: Token[], markdown: string): Set<string> {
  const customIds = new Set<string>()
  const htmlIds = new Set<string>()
  /** A problem `within` characters into `token`'s raw: found by walking the tokens, only for a problem. */
  const problem = (message: string, hint: string, token: Token, within = 0) => {
    const { line, column } = positionInMarkdown(markdown, offsetOfToken(tokens, token, within) ?? 0)
    return new MarkdownLimitError(message, hint, line, column)
  }

  const visit = (token: Token) => {
    switch (token.type) {
      case 'blockquote':
        try {
          readCallout(token as CalloutToken)
        } catch (error) {
          if (!(error instanceof UnknownCalloutError)) throw error
          // The marker opens the quote's first paragraph.
          throw problem(error.message, 'Use one of these types, or write the line without the ! to quote it as it is.', (token as Tokens.Blockquote).tokens[0] ?? token)
        }
        break
      case 'heading':
        readCustomId(token as HeadingToken)
        break
      case 'code': {
        const code = token as CodeToken
        const info = code.lang ?? ''
        if (!info || code.codeBlockStyle === 'indented') break
        try {
          code.fence = parseFenceInfo(info, code.text.split('\n').length)
        } catch (error) {
          if (!(error instanceof FenceInfoError)) throw error
          // The options are on the fence's line, after its backticks or tildes.
          throw problem(`in the code block's options: ${error.message}`, error.hint, code, code.raw.indexOf(info) + error.index)
        }
        break
      }
      case 'html':
        readHtmlIds(token as Tokens.HTML | Tokens.Tag)
        break
    }
    if (token.type === 'table') for (const cell of [...token.header, ...token.rows.flat()]) cell.tokens.forEach(visit)
    if ('items' in token && Array.isArray(token.items)) token.items.forEach(visit)
    if ('tokens' in token && Array.isArray(token.tokens)) token.tokens.forEach(visit)
  }

  const readCustomId = (heading: HeadingToken) => {
    const found = CUSTOM_ID.exec(heading.text)
    if (!found) return
    const id = found[1]!
    const written = `{#${id}}`
    // The id ends the heading's text, so it is the last in the heading's raw.
    const at = heading.raw.lastIndexOf(written)
    if (!VALID_ID.test(id)) throw problem(`"${written}" is not a valid heading id`, 'An id starts with a letter or digit and holds only letters, digits, - and _: {#least-privilege}.', heading, at)
    if (isPageId(id)) throw problem(`the heading id "${id}" is taken by the page around the post`, `Choose another id: {#${id}-section}.`, heading, at)
    if (customIds.has(id)) throw problem(`two headings set the id "${id}"`, 'Give each heading its own id: a link to #id can lead to one place only.', heading, at)
    customIds.add(id)
    heading.customId = id
    heading.text = heading.text.slice(0, found.index)
    const last = heading.tokens.at(-1)
    if (last?.type === 'text' && CUSTOM_ID.test((last as Tokens.Text).text)) {
      const lastText = last as Tokens.Text
      lastText.text = lastText.text.replace(CUSTOM_ID, '')
      lastText.raw = lastText.raw.replace(CUSTOM_ID, '')
      if (!lastText.text) heading.tokens.pop()
    }
  }

  // Raw HTML's ids, as the sanitizer reads them: one of the page's is refused at its attribute.
  const readHtmlIds = (html: Tokens.HTML | Tokens.Tag) => {
    // A quick filter: most raw HTML sets no id.
    if (!/\bid\b/i.test(html.raw)) return
    for (const tag of htmlTags(html.raw)) {
      const id = tag.attributes.id
      if (id === undefined) continue
      if (isPageId(id)) {
        throw problem(`the id "${id}" of this <${tag.name}> is taken by the page around the post`, `Choose another id: id="${id.replace(/^_+/, '')}-section" (and link to #${id.replace(/^_+/, '')}-section).`, html, tag.attributeOffsets.id)
      }
      htmlIds.add(id)
    }
  }

  tokens.forEach(visit)
  return new Set([...customIds, ...htmlIds])
}
