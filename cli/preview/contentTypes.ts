const UTF8 = '; charset=utf-8'

// Keys are lower-case extensions without the dot; the same table feeds S3 object metadata on deploy.
const TYPES: ReadonlyMap<string, string> = new Map([
  ['html', `text/html${UTF8}`],
  ['htm', `text/html${UTF8}`],
  ['css', `text/css${UTF8}`],
  ['js', `text/javascript${UTF8}`],
  ['mjs', `text/javascript${UTF8}`],
  ['json', `application/json${UTF8}`],
  ['map', `application/json${UTF8}`],
  ['xml', `application/xml${UTF8}`],
  ['rss', `application/rss+xml${UTF8}`],
  ['atom', `application/atom+xml${UTF8}`],
  ['txt', `text/plain${UTF8}`],
  ['md', `text/markdown${UTF8}`],
  ['csv', `text/csv${UTF8}`],
  ['svg', 'image/svg+xml'],
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['avif', 'image/avif'],
  ['ico', 'image/x-icon'],
  ['woff', 'font/woff'],
  ['woff2', 'font/woff2'],
  ['ttf', 'font/ttf'],
  ['otf', 'font/otf'],
  ['pdf', 'application/pdf'],
  ['mp4', 'video/mp4'],
  ['webm', 'video/webm'],
  ['wasm', 'application/wasm'],
  ['webmanifest', 'application/manifest+json'],
])

const FALLBACK = 'application/octet-stream'

function extensionOf(filePath: string): string {
  const name = filePath.slice(Math.max(filePath.lastIndexOf('/'), filePath.lastIndexOf('\\')) + 1)
  const dot = name.lastIndexOf('.')
  // A leading dot marks a hidden file (".htaccess"), not an extension, as in path.extname.
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

/** The Content-Type to serve for a file path or object key, chosen by its extension. */
export function contentTypeFor(filePath: string): string {
  return TYPES.get(extensionOf(filePath)) ?? FALLBACK
}

/** Whether a Content-Type is text that is worth compressing. */
export function isTextContentType(type: string): boolean {
  const essence = (type.split(';')[0] ?? '').trim().toLowerCase()
  return /^text\/|javascript|[/+](json|xml)$/.test(essence)
}
