import { Marked, type Tokens } from 'marked'
import { sanitizePostHtml } from './sanitizePostHtml.ts'

const isExternal = (href: string) => /^https?:\/\//i.test(href)
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** A marked instance for posts: GitHub-flavoured markdown, safe external links, lazy images. */
export function createMarkdownRenderer(): (markdown: string) => string {
  const marked = new Marked({ gfm: true, async: false })
  marked.use({
    renderer: {
      link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link) {
        const inner = this.parser.parseInline(token.tokens)
        const title = token.title ? ` title="${escapeAttribute(token.title)}"` : ''
        const external = isExternal(token.href) ? ' target="_blank" rel="noopener noreferrer"' : ''
        return `<a href="${escapeAttribute(token.href)}"${title}${external}>${inner}</a>`
      },
      image(token: Tokens.Image) {
        const title = token.title ? ` title="${escapeAttribute(token.title)}"` : ''
        return `<img src="${escapeAttribute(token.href)}" alt="${escapeAttribute(token.text)}"${title} loading="lazy" decoding="async">`
      },
    },
  })
  return (markdown) => sanitizePostHtml(marked.parse(markdown) as string)
}
