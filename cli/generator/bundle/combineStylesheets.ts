import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, utimesSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { threadId } from 'node:worker_threads'
import { cacheDir } from '../../toolRoot.ts'
import { filesUnder } from '../../util/filesUnder.ts'
import { keepNewest } from '../../util/keepNewest.ts'
import { onFirstUse } from '../../util/onFirstUse.ts'

// vike links a page's CSS as one file per chunk of the bundle: the home page had 13 render-blocking
// stylesheets (20 KB gzipped in all), a blog page 6. Every page gets them as one file instead,
// their contents in the same order, so the cascade is unchanged.
//
// The files repeat each other: vike links the CSS of the server build (a component's rules, which
// an HTML-only page needs, for nothing in its browser bundle imports them) beside the client
// build's chunks, which hold the same rules again for the pages that hydrate. Concatenated, about
// 45 % of a page's stylesheet was rules it already had (the home page's 85.7 KB held 39.3 KB of
// them; 12.1 KB gzipped, 8.0 KB without). A rule identical to one later in the file is dropped:
// for each of its declarations the later copy has the same selector, so it wins the cascade
// wherever the earlier one would have applied, and the styles computed are the same. `@layer`,
// whose first appearance sets the layers' order, and the rules that must open a file are kept.
//
// A file that went into the combined one stays named in the page, as a stylesheet link of a
// type no browser supports (a valid MIME type, so the HTML stays valid: `type="none"`, the marker
// before, has no subtype, which the Nu checker reported on every page). vite's loader, which brings in a chunk's CSS when the chunk is
// imported (an island hydrating; the blog's router moving in place to another page), reads every
// <link> of the page once and skips a stylesheet it finds there (rel and href alone): without
// these, it would fetch again what the combined file holds, and add it after rules that were
// meant to follow it. A browser neither fetches nor applies a stylesheet whose type it does not
// support (HTML: "should not fetch the resource"; Chromium's parser and preload scanner, Gecko
// and WebKit all check it). `disabled` was the marker before, but Chromium 150 fetches disabled
// stylesheets: every file of a page was downloaded twice.
//
// Only a file the browser bundle names gets such a link: the loader learns what to fetch from the
// bundle's scripts, so a stylesheet none of them names (the server build's, most of a page's list)
// is never asked for. A blog page named ten files, 900 bytes; it names three.
//
// Both are facts of the bundle: a build whose bundle is cached keeps them under its identity
// (bundleIdentity: the key of every input, and the files its manifest names), and the next build
// with that bundle reads them instead of parsing its stylesheets and searching its scripts again
// (about 0.07 s of a one-post rebuild, PostCSS's loading among it).

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

/**
 * Combines the stylesheets of each page it is given. `clientDir` holds the browser bundle, and
 * `base` is the URL prefix its hrefs start with. A set of stylesheets is combined once. With
 * `bundle` (its identity, when the bundle is cached), what is made is kept for the next build.
 */
export function createStylesheetCombiner(clientDir: string, base: string, write: (filePath: string, content: string) => void, bundle?: string, factsDir = join(cacheDir, 'stylesheets')): StylesheetCombiner {
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

/** Bundles whose facts are kept: as many as the bundle cache keeps (bundleCache.ts). */
const KEEP = 3

/**
 * The facts kept under `root` for the bundle `identity`: the answer to a question (a page's
 * stylesheets, or 'named'), read from its file, or made and written there. A file is written whole under another
 * name and renamed, so the prerender's threads may make the same one at once. A new bundle's
 * folder makes room: the least recently used beyond KEEP go, and a build of another site may so
 * remove this one's at any moment: a fact not read or not written is made again, never wrong.
 */
function keptFacts(root: string, identity: string): (question: string, make: () => string) => string {
  const dir = join(root, createHash('sha1').update(identity).digest('hex').slice(0, 24))
  try {
    if (existsSync(dir)) {
      const now = new Date()
      utimesSync(dir, now, now)
    } else {
      mkdirSync(dir, { recursive: true })
      keepNewest(root, KEEP, dir)
    }
  } catch {
    // Another build pruned the folders at the same moment: the facts are written below, or made again next time.
  }
  return (question, make) => {
    const file = join(dir, createHash('sha1').update(question).digest('hex').slice(0, 24))
    try {
      return readFileSync(file, 'utf8')
    } catch {
      // Not kept yet (or just removed).
    }
    const answer = make()
    try {
      mkdirSync(dir, { recursive: true })
      const partial = `${file}.${process.pid}-${threadId}`
      writeFileSync(partial, answer)
      renameSync(partial, file)
    } catch {
      // Not kept: made again by the next build.
    }
    return answer
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
