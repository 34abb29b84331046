import { decodedUri } from '../util/decodedUri.ts'

// How S3-style website hosting turns a request path into a key, for preview and `check` alike.

/** What object storage answers for a path; `found` is whatever the lookup returned for the key. */
export type KeyResolution<T> =
  | { kind: 'file'; key: string; found: T }
  /** `key` exists only as `key/index.html`: the host answers with a redirect to the path plus '/'. */
  | { kind: 'redirect'; key: string }
  | { kind: 'not-found'; key?: string }
  /** The path is not under the site's base. */
  | { kind: 'outside-base' }
  /** A percent escape that does not decode. */
  | { kind: 'bad-request' }
  /** `..`, `.`, empty segments, backslashes or NUL: never served. */
  | { kind: 'forbidden' }

/** Finds a key ('/blog/index.html') among the site's files; undefined when there is no such file. */
export type KeyLookup<T> = (key: string) => T | undefined | Promise<T | undefined>

/** Resolves a percent-encoded request path under `base` as object storage does: the key; '/' + 'index.html'; a redirect when 'key/index.html' exists; else not found. */
export async function resolveKey<T>(rawPath: string, base: string, lookup: KeyLookup<T>): Promise<KeyResolution<T>> {
  const pathname = decodedUri(rawPath)
  if (pathname === undefined) return { kind: 'bad-request' }
  // The bare base without its slash ("/docs") stays in, so it redirects to "/docs/" as S3 would.
  if (!pathname.startsWith(base) && `${pathname}/` !== base) return { kind: 'outside-base' }
  const key = pathname.slice(base.length - 1)
  if (!isSafeKey(key)) return { kind: 'forbidden' }
  if (key.endsWith('/')) {
    const indexKey = `${key}index.html`
    const index = await lookup(indexKey)
    return index === undefined ? { kind: 'not-found', key: indexKey } : { kind: 'file', key: indexKey, found: index }
  }
  const exact = key === '' ? undefined : await lookup(key)
  if (exact !== undefined) return { kind: 'file', key, found: exact }
  if ((await lookup(`${key}/index.html`)) !== undefined) return { kind: 'redirect', key }
  return { kind: 'not-found', key }
}

// Empty inner segments are refused too: "//evil.example" would otherwise become a protocol-relative redirect.
function isSafeKey(key: string): boolean {
  if (/[\\\0]/.test(key)) return false
  const segments = key.split('/').slice(1)
  return segments.every((s, i) => s !== '.' && s !== '..' && (s !== '' || i === segments.length - 1))
}
