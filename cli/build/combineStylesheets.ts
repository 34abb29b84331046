import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

// vike links a page's CSS as one file per chunk of the bundle: the home page had 13 render-blocking
// stylesheets (20 KB gzipped in all). An HTML-only page gets them as one file instead, their
// contents in the same order, so the cascade is unchanged (11 KB gzipped: the files repeat each
// other's rules, which compress away together). The blog keeps vike's files: its client router
// adds a page's stylesheets by their names on a move in place.

const STYLESHEET = /<link rel="stylesheet" type="text\/css" href="([^"]+)">/g

export interface StylesheetCombiner {
  /** The page's HTML with its stylesheets as one; a new combined file is handed to `write`. */
  (html: string): string
}

/**
 * Combines the stylesheets of each page it is given. `clientDir` holds the browser bundle, and
 * `base` is the URL prefix its hrefs start with. A set of stylesheets is combined once.
 */
export function createStylesheetCombiner(clientDir: string, base: string, write: (filePath: string, content: string) => void): StylesheetCombiner {
  const combined = new Map<string, string>()
  return (html) => {
    const hrefs = [...html.matchAll(STYLESHEET)].map((match) => match[1]!)
    if (hrefs.length < 2) return html
    const key = hrefs.join('\n')
    let href = combined.get(key)
    if (href === undefined) {
      const css = hrefs.map((path) => readFileSync(join(clientDir, path.slice(base.length)), 'utf8')).join('\n')
      const file = `assets/static/page.${createHash('sha256').update(css).digest('base64url').slice(0, 10)}.css`
      // Named by its content: one already there (taken over with a reused page) is this one.
      if (!existsSync(join(clientDir, file))) write(join(clientDir, file), css)
      combined.set(key, (href = `${base}${file}`))
    }
    let first = true
    return html.replace(STYLESHEET, () => {
      if (!first) return ''
      first = false
      return `<link rel="stylesheet" type="text/css" href="${href}">`
    })
  }
}

/** The files of the output folder a page's HTML links as stylesheets (its hrefs start with `base`). */
export function linkedStylesheets(html: string, base: string): string[] {
  return [...html.matchAll(STYLESHEET)].map((match) => match[1]!.slice(base.length))
}
