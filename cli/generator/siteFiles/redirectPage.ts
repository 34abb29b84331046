
import { createPolicy, serializePolicy } from '../../security/contentSecurityPolicy.ts'
import { policyMeta } from '../../security/insertPolicy.ts'
import { textDirection } from '../../../pages/_lib/locales/siteLocale.ts'
import { escapeHtml } from '../../util/escapeHtml.ts'

// The page at an old URL, made and read back here alone: `check` follows it, `deploy` and `preview` answer it with a 301.

/** Text of the page, for the few who see it (no JavaScript, and a browser that ignores the refresh). */
export const REDIRECT_PAGE_TITLE = 'This page has moved'

export interface RedirectPageInput {
  /** The page it leads to, as a page URL without the base: '/blog/new-slug/'. */
  target: string
  /** The base the site is built for: '/' or '/docs/'. */
  base: string
  /** config site.url, for the canonical link. */
  siteUrl: string
  /** config site.language. Default: 'en'. */
  language?: string
  /** config site.direction. Default: the language's. */
  direction?: 'ltr' | 'rtl'
}

/** The URL path of the redirect page at an old URL: '/blog/old/' → '/blog/old/index.html'. */
export const redirectPagePath = (from: string): string => `${from}index.html`

/** A page sending its visitor on to `target`, query and #fragment kept: a hashed script, a meta refresh and a link. Canonical to the target, noindex. */
export function renderRedirectPage({ target, base, siteUrl, language = 'en', direction }: RedirectPageInput): string {
  const href = encodePath(`${base}${target.slice(1)}`)
  const canonical = new URL(href, siteUrl).href
  const script = `location.replace(${JSON.stringify(href).replace(/</g, '\\u003c')} + location.search + location.hash)`
  return `<!DOCTYPE html>
<html lang="${escapeHtml(language)}" dir="${textDirection(language, direction)}">
<head>
<meta charset="utf-8">
${policyMeta(serializePolicy(createPolicy({ inlineScripts: [script] })))}
<title>${escapeHtml(REDIRECT_PAGE_TITLE)}</title>
<meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="canonical" href="${escapeHtml(canonical)}">
<script>${script}</script>
<meta http-equiv="refresh" content="0; url=${escapeHtml(href)}">
</head>
<body>
<p>${escapeHtml(REDIRECT_PAGE_TITLE)}: <a href="${escapeHtml(href)}">${escapeHtml(decodePath(href))}</a></p>
</body>
</html>
`
}

/** Where a redirect page sends to: its meta refresh URL as written (entities decoded); undefined for any other page. */
export function redirectTargetOf(html: string): string | undefined {
  const bodyAt = html.search(/<body[\s>]/i)
  const head = bodyAt === -1 ? html : html.slice(0, bodyAt)
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = new Map([...tag.matchAll(/([^\s=/<>"']+)\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+)/g)].map(([, name, value]) => [name!.toLowerCase(), decodeEntities(value!.replace(/^(["'])(.*)\1$/s, '$2'))]))
    if (attributes.get('http-equiv')?.toLowerCase() !== 'refresh') continue
    // A refresh after a delay is a page that changes, not a redirect.
    const refresh = /^\s*0*(?:\.0*)?\s*[;,]\s*url\s*=\s*(['"]?)(.*?)\1\s*$/is.exec(attributes.get('content') ?? '')
    if (refresh && refresh[2]) return refresh[2]
  }
  return undefined
}

/** Percent-encodes what a URL path may not hold as it is; escapes already there are kept. */
function encodePath(path: string): string {
  return path.replace(/%(?![\dA-Fa-f]{2})|[^\w\-.~!$&()*+,;=:@/%]/gu, (char) => encodeURIComponent(char).replace(/'/g, '%27'))
}

function decodePath(path: string): string {
  try {
    return decodeURI(path)
  } catch {
    return path
  }
}

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d+)|#x([\dA-Fa-f]+)|(amp|lt|gt|quot|apos));/g, (entity, decimal?: string, hex?: string, name?: string) => {
    if (name) return NAMED[name]!
    const code = decimal ? Number(decimal) : Number.parseInt(hex!, 16)
    return code <= 0x10ffff ? String.fromCodePoint(code) : entity
  })
}
