import sanitizeHtml from 'sanitize-html'

// What a post may contain once rendered: the HTML marked produces for GitHub-flavoured markdown,
// plus the classes and ids the renderer adds. Everything else (script, style, iframes, event
// handlers, javascript: and data: URLs) is removed at build time.
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'span',
    'em', 'strong', 'del', 's', 'sup', 'sub', 'kbd', 'mark', 'a', 'img', 'ul', 'ol', 'li', 'input',
    'table', 'thead', 'tbody', 'tr', 'th', 'td', 'details', 'summary', 'figure', 'figcaption', 'div',
  ],
  allowedAttributes: {
    '*': ['id', 'class', 'title', 'aria-label', 'aria-hidden'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
    input: ['type', 'checked', 'disabled'],
    ol: ['start'],
    th: ['align', 'style'],
    td: ['align', 'style'],
    code: ['data-lang'],
    pre: ['data-lang'],
  },
  allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
}

/** Removes anything from post HTML that could run code or escape the page's styles. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, options)
}
