// Text for XML documents (the feed and the sitemap).
import { escapeHtml } from '../../util/escapeHtml.ts'

/** Escapes text for an XML element or attribute (as for HTML), dropping characters XML 1.0 does not allow. */
export function escapeXml(text: string): string {
  return escapeHtml(stripInvalidXmlChars(text))
}

/** Wraps text in CDATA; a ']]>' inside is split across two sections, as CDATA cannot hold it. */
export function cdata(text: string): string {
  return `<![CDATA[${stripInvalidXmlChars(text).replace(/]]>/g, ']]]]><![CDATA[>')}]]>`
}

// Control characters other than tab, newline and carriage return, and lone surrogates.
const INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

function stripInvalidXmlChars(text: string): string {
  return text.replace(INVALID, '')
}
