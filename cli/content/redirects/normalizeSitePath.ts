import { decodedUri } from '../../util/decodedUri.ts'

// Old URLs and redirect targets are written by people (trailing slash or not, %-escapes): each is made into the one form a page
// URL has, as they are compared with pages and become files.

/** A site path made comparable with page URLs, or why it cannot be one. */
export type SitePathResult = { path: string } | { problem: string }

/** '/blog/old-post' → '/blog/old-post/', '/caf%C3%A9' → '/café/'; a URL, a query, a fragment or '..' is a problem. */
export function normalizeSitePath(value: string): SitePathResult {
  // '//host/x' is a URL of another site to a browser.
  if (!value.startsWith('/') || value.startsWith('//')) return { problem: "must be a path on this site starting with '/', like /blog/old-post/" }
  if (/[?#]/.test(value)) return { problem: 'must be a path alone, without ?query or #fragment (a redirect keeps those of the URL visited)' }
  if (/\s/.test(value)) return { problem: 'must not contain spaces (write a space as %20)' }
  const decoded = decodedUri(value)
  if (decoded === undefined) return { problem: 'has a % that does not start an escape like %20' }
  // Object storage refuses these keys (cli/preview/resolveKey.ts): a redirect there would never be served.
  if (/[\\\u0000-\u001f\u007f]/.test(decoded)) return { problem: 'must not contain backslashes or control characters' }
  const segments = decoded.split('/').slice(1)
  if (segments.some((segment, index) => segment === '.' || segment === '..' || (segment === '' && index < segments.length - 1))) return { problem: "must not contain '//', '/./' or '/../'" }
  return { path: decoded.endsWith('/') ? decoded : `${decoded}/` }
}
