import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { keptFacts, STYLESHEET_FACTS } from '../../incremental/bundle/bundleCache.ts'
import { filesUnder } from '../../util/filesUnder.ts'
import { onFirstUse } from '../../util/onFirstUse.ts'

// vike links a page's CSS as a file per chunk (13 on the home page): every page gets one file instead, in the same order, a rule repeated later
// dropped (`@layer` and leading rules kept). Each file combined stays linked with a type no browser fetches, so vite's loader does not add it
// again after later rules (`disabled` was fetched by Chromium 150). Both facts are kept for the next build (bundleCache.ts keptFacts).

/** How vike links a page's stylesheets; attributes may follow the href. */
const STYLESHEET = /<link rel="stylesheet" type="text\/css" href="([^"]+)"[^>]*>/g

/** A page up to its </head> (all of it without one): vike links the stylesheets there, and the body, most of a page, is not searched. */
function headOf(html: string): string {
  const end = html.indexOf('</head>')
  return end === -1 ? html : html.slice(0, end)
}

/** What makes a stylesheet link a name only: a type that is not CSS. */
export const MARKER = 'type="text/x-kube-site-combined"'

export interface StylesheetCombiner {
  /** The page's HTML with its stylesheets as one; a new combined file is handed to `write`. */
  (html: string): string
}

/** Combines each page's stylesheets (`clientDir`: the browser bundle; `base`: its hrefs' prefix), each set once; with `bundle`, kept for the next build. */
export function createStylesheetCombiner(clientDir: string, base: string, write: (filePath: string, content: string) => void, bundle?: string, factsDir = STYLESHEET_FACTS): StylesheetCombiner {
  const combined = new Map<string, string>()
  const fact = bundle === undefined ? (_question: string, make: () => string) => make() : keptFacts(factsDir, bundle)
  let loadable: Set<string> | undefined
  return (html) => {
    const head = headOf(html)
    const hrefs = [...head.matchAll(STYLESHEET)].map((match) => match[1]!)
    if (hrefs.length < 2) return html
    const key = hrefs.join('\n')
    let href = combined.get(key)
    if (href === undefined) {
      const css = fact(key, () => withoutRepeatedRules(hrefs.map((path) => readFileSync(join(clientDir, path.slice(base.length)), 'utf8')).join('\n')))
      const file = `assets/static/page.${createHash('sha256').update(css).digest('base64url').slice(0, 10)}.css`
      // Named by its content: one already there (taken over with a reused page) is this one.
      if (!existsSync(join(clientDir, file))) write(join(clientDir, file), css)
      combined.set(key, (href = `${base}${file}`))
    }
    const named = (loadable ??= new Set(JSON.parse(fact('named', () => JSON.stringify([...stylesheetsNamedByScripts(clientDir)]))) as string[]))
    let first = true
    const linked = head.replace(STYLESHEET, (_, path: string) => {
      const marker = named.has(basename(path)) ? `<link rel="stylesheet" href="${path}" ${MARKER}>` : ''
      if (!first) return marker
      first = false
      return `<link rel="stylesheet" type="text/css" href="${href}">${marker}`
    })
    return linked + html.slice(head.length)
  }
}

const SCRIPT_FILE = /\.m?js$/
const STYLESHEET_NAME = /[\w.-]+\.css\b/g

/** The names of the stylesheets the scripts of the browser bundle in `clientDir` name: the ones its loader may fetch. */
function stylesheetsNamedByScripts(clientDir: string): Set<string> {
  const names = new Set<string>()
  const assets = join(clientDir, 'assets')
  for (const file of filesUnder(assets)) {
    if (!SCRIPT_FILE.test(file)) continue
    for (const [name] of readFileSync(join(assets, file), 'utf8').matchAll(STYLESHEET_NAME)) names.add(name)
  }
  return names
}

/** PostCSS, loaded the first time a stylesheet is combined (a rebuild with its bundle's facts kept never does). */
const postcss = onFirstUse((require) => require('postcss') as typeof import('postcss').default)

/** At-rules whose place matters beyond what they hold: never dropped as repeats. */
const PLACED = new Set(['layer', 'import', 'charset', 'namespace'])

/** `css` without each top-level rule that is repeated, character for character, further on (the last copy stays where it is). */
export function withoutRepeatedRules(css: string): string {
  const root = postcss().parse(css)
  const later = new Set<string>()
  for (const node of [...root.nodes].reverse()) {
    if (node.type === 'comment' || (node.type === 'atrule' && PLACED.has(node.name.toLowerCase()))) continue
    const text = node.toString()
    if (later.has(text)) node.remove()
    else later.add(text)
  }
  return root.toString()
}
