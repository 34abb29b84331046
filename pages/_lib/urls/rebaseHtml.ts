export interface RebaseOptions {
  /** Put before site paths (href="/…", src="/…"): the base path, or origin and base for a feed. */
  root: string
  /** When given, in-page links (href="#…") are made to point at this URL (feeds have no page). */
  page?: string
}

/** Makes the URLs of a post's rendered HTML work where it is shown: under a base path, or in a feed reader. */
export function rebaseHtml(html: string, { root, page }: RebaseOptions): string {
  const prefix = root.replace(/\/+$/, '')
  // The sanitizer writes every attribute in double quotes and escapes code (&quot;): only real attributes match.
  let result = prefix ? html.replace(/ (href|src)="\/(?!\/)/g, ` $1="${prefix}/`) : html
  // A srcset is a list of 'URL width' (the <picture>s of a post's images).
  if (prefix && result.includes(' srcset="')) {
    result = result.replace(/ srcset="([^"]*)"/g, (_, list: string) => ` srcset="${list.replace(/(^|,\s*)\/(?!\/)/g, `$1${prefix}/`)}"`)
  }
  if (page) result = result.replace(/ href="#/g, ` href="${page}#`)
  return result
}
