import type { ChildNode, Container } from 'postcss'
import { onFirstUse } from '../util/onFirstUse.ts'

// What a URL in an SVG is, decided by the WHATWG URL parser as a browser reads it, and what CSS in an SVG may load.

const postcss = onFirstUse((require) => require('postcss') as typeof import('postcss'))

/** A base no real URL shares: what resolves against it to it is on the site (a relative path, `#id`). */
const SITE = 'https://site.invalid'

/** Raster images an <image> may carry in a data: URL (no SVG: a document in a document). */
const DATA_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])

/** What `value` points at: the site (a path, `#id`), another site over http(s), mailto:, a data: raster image, or anything else (javascript:, other data:, unparsable). */
export function urlKind(value: string): 'site' | 'remote' | 'mailto' | 'data-image' | 'other' {
  let url: URL
  try {
    url = new URL(value, `${SITE}/`)
  } catch {
    return 'other'
  }
  if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin === SITE ? 'site' : 'remote'
  if (url.protocol === 'mailto:') return 'mailto'
  if (url.protocol === 'data:') {
    const type = url.pathname.split(',')[0]!.split(';')[0]!.trim().toLowerCase()
    return DATA_IMAGES.has(type) ? 'data-image' : 'other'
  }
  return 'other'
}

/** CSS functions that load what they name; of them, url() and src() may name a file of the site. */
const LOADING_FUNCTIONS = /(?<![\w-])(url|src|image-set|-webkit-image-set|image|cross-fade|element)\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*))/gi

/** `css` with its escapes (`\75 rl(` is `url(`) and comments read, as a CSS tokenizer would. */
function readCss(css: string): string {
  return css.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, ' ').replace(/\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|\r\n|\n|([\s\S]))/g, (_, hex: string | undefined, other: string | undefined) => {
    if (hex === undefined) return other ?? ''
    const point = Number.parseInt(hex, 16)
    return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : '\uFFFD'
  })
}

/** What in a CSS value (an attribute's, a declaration's) loads from outside the site, as written, or undefined. */
export function cssValueLoads(value: string): string | undefined {
  if (!value.includes('(')) return undefined
  for (const match of readCss(value).matchAll(LOADING_FUNCTIONS)) {
    const name = match[1]!.toLowerCase()
    const url = (match[2] ?? match[3] ?? match[4] ?? '').trim()
    if ((name === 'url' || name === 'src') && urlKind(url) === 'site') continue
    return `${name}(${url})`
  }
  return undefined
}

/** Properties that ran script in old browsers: never needed by a drawing. */
const SCRIPT_PROPERTIES = new Set(['behavior', '-moz-binding'])
/** At-rules a drawing's stylesheet may hold; @import and every other goes. */
const AT_RULES = new Set(['media', 'supports', 'keyframes', '-webkit-keyframes', 'font-face', 'layer', 'container'])

/** A stylesheet (`<style>` text or `style` declarations) without what loads from outside or runs script, each in `removed`; undefined when it is no CSS (dropped whole). */
export function sanitizeCss(css: string, where: string, removed: string[]): string | undefined {
  let root
  try {
    root = postcss().parse(css)
  } catch {
    removed.push(`${where} that is not CSS kube-site can read`)
    return undefined
  }
  let changed = false
  const walk = (container: Container<ChildNode>) => {
    container.each((node) => {
      if (node.type === 'atrule') {
        const loads = cssValueLoads(node.params)
        if (!AT_RULES.has(node.name.toLowerCase()) || loads) {
          removed.push(`@${node.name} in ${where}`)
          node.remove()
          changed = true
          return
        }
      } else if (node.type === 'decl') {
        const loads = cssValueLoads(node.value)
        if (SCRIPT_PROPERTIES.has(node.prop.toLowerCase()) || loads) {
          removed.push(loads ? `${loads} in ${where} (loads from outside the site)` : `${node.prop} in ${where}`)
          node.remove()
          changed = true
          return
        }
      }
      if ('nodes' in node && node.nodes) walk(node as Container<ChildNode>)
    })
  }
  walk(root)
  return changed ? root.toString() : css
}
