import type sanitizeHtml from 'sanitize-html'
import { isExternal } from '../../../pages/_lib/urls/href.ts'
import { isPageId } from '../../../pages/_lib/pageIds.ts'
import { onFirstUse } from '../../util/onFirstUse.ts'

// What a rendered post may contain: marked's GFM HTML and the renderer's own; all else (scripts, styles, handlers, javascript:) goes, as the policy would block it.

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'span',
    'em', 'strong', 'del', 's', 'sup', 'sub', 'kbd', 'mark', 'a', 'img', 'ul', 'ol', 'li', 'input',
    'table', 'thead', 'tbody', 'tr', 'th', 'td', 'details', 'summary', 'figure', 'figcaption', 'div',
    'label', 'ins', 'aside', 'svg', 'path', 'nav',
  ],
  allowedAttributes: {
    '*': ['id', 'class', 'title', 'aria-label', 'aria-hidden'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
    input: ['type', 'checked', 'disabled'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
    code: ['data-lang'],
    pre: ['data-lang', 'tabindex'],
    div: ['tabindex'],
    // Callouts (callouts.ts): an aside that is a note, and its icon, a path drawn in the text's colour.
    aside: ['role'],
    svg: ['viewbox', 'width', 'height', 'focusable'],
    path: ['d', 'fill', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
  // Every link to another site, raw HTML ones included, opens in a new tab without access to this page; a link within the site never does.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.href !== undefined && isExternal(attribs.href) ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : withoutKeys(attribs, ['target', 'rel']),
    }),
    // Only the renderer's own scroll containers and code blocks are focusable, and only in order.
    aside: (tagName, attribs) => ({ tagName, attribs: attribs.role === 'note' ? attribs : withoutKeys(attribs, ['role']) }),
    pre: keepTabIndexZero,
    div: keepTabIndexZero,
    // The page's own ids stay its own (pageIds.ts): this catches raw HTML split across blocks; `name` is allowed on no element.
    '*': (tagName, attribs) => ({ tagName, attribs: attribs.id !== undefined && isPageId(attribs.id) ? withoutKeys(attribs, ['id']) : attribs }),
  },
}

function keepTabIndexZero(tagName: string, attribs: sanitizeHtml.Attributes) {
  return { tagName, attribs: attribs.tabindex === '0' ? attribs : withoutKeys(attribs, ['tabindex']) }
}

function withoutKeys(attribs: sanitizeHtml.Attributes, keys: string[]): sanitizeHtml.Attributes {
  return Object.fromEntries(Object.entries(attribs).filter(([key]) => !keys.includes(key)))
}

// Loaded for the first post sanitized: a dev server whose posts all come from the cache starts without it.
const sanitizer = onFirstUse((require) => require('sanitize-html') as typeof sanitizeHtml)

/** Removes anything from post HTML that could run code or escape the page's styles. */
export function sanitizePostHtml(html: string): string {
  return sanitizer()(html, options)
}
