import type { Token, Tokens } from 'marked'
import { readCallout, UnknownCalloutError, type CalloutToken } from './callouts.ts'
import { FenceInfoError, parseFenceInfo, type FenceInfo } from './codeBlocks.ts'
import { MarkdownLimitError } from './markdownLimits.ts'

// What a post's markdown says beyond GitHub-flavoured markdown, read from its tokens before they
// are rendered, in one walk that knows where each top-level block starts, so a problem is reported
// at its line and column: callouts (callouts.ts), fence options (codeBlocks.ts) and heading ids
// given as `## Heading {#id}`.

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

/**
 * Reads the post's own syntax into its tokens, in place, and returns the ids its headings set,
 * for the renderer to keep from every other heading. `reservedIds` are the page's own ids. Throws
 * a MarkdownLimitError at the line and column (in `markdown`) of the first problem.
 */
export function readPostTokens(tokens: Token[], markdown: string, reservedIds: readonly string[]): Set<string> {
  // Each id set so far, with the start of the block that set it.
  const customIds = new Map<string, number>()
  // marked's top-level tokens hold the whole text between them, in order (its lexer turns \r\n
  // into \n first): the text they are offsets in, made only for a problem.
  const text = () => markdown.replace(/\r\n?/g, '\n')
  let blockStart = 0
  /** A problem at the first place `needle` is found from `from` (the current top-level block's start), offset by `shift` characters. */
  const problem = (message: string, hint: string, needle: string, shift = 0, from = blockStart) => {
    const found = text().indexOf(needle, from)
    const at = found === -1 ? blockStart : found + shift
    const before = text().slice(0, at)
    const line = before.split('\n').length
    return new MarkdownLimitError(message, hint, line, at - before.lastIndexOf('\n'))
  }

  const visit = (token: Token) => {
    switch (token.type) {
      case 'blockquote':
        try {
          readCallout(token as CalloutToken)
        } catch (error) {
          if (!(error instanceof UnknownCalloutError)) throw error
          throw problem(error.message, 'Use one of these types, or write the line without the ! to quote it as it is.', error.marker)
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
          throw problem(`in the code block's options: ${error.message}`, error.hint, info, error.index)
        }
        break
      }
    }
    if ('items' in token && Array.isArray(token.items)) token.items.forEach(visit)
    if ('tokens' in token && Array.isArray(token.tokens)) token.tokens.forEach(visit)
  }

  const readCustomId = (heading: HeadingToken) => {
    const found = CUSTOM_ID.exec(heading.text)
    if (!found) return
    const id = found[1]!
    const written = `{#${id}}`
    if (!VALID_ID.test(id)) throw problem(`"${written}" is not a valid heading id`, 'An id starts with a letter or digit and holds only letters, digits, - and _: {#least-privilege}.', written)
    if (reservedIds.includes(id)) throw problem(`the heading id "${id}" is taken by the page around the post`, `Choose another id: {#${id}-section}.`, written)
    const firstAt = customIds.get(id)
    // The second is found after the first (they may share a block: a quote, a list).
    if (firstAt !== undefined) throw problem(`two headings set the id "${id}"`, 'Give each heading its own id: a link to #id can lead to one place only.', written, 0, Math.max(blockStart, text().indexOf(written, firstAt) + 1))
    customIds.set(id, blockStart)
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

  for (const token of tokens) {
    visit(token)
    blockStart += token.raw.length
  }
  return new Set(customIds.keys())
}
