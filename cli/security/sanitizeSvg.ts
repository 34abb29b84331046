import type { CustomPlugin, XastChild, XastElement, XastParent } from 'svgo'
import { isJavascriptUrl } from './policyBreaches.ts'
import { onFirstUse } from '../util/onFirstUse.ts'

// An SVG is a document: S3 serves one a writer adds at its own URL on the site's origin, where
// no page's policy reaches, and opened there its script would run as the site. Every SVG the
// site serves is read by svgo's parser and written back without what could run script or load
// from elsewhere. Nothing else changes: no optimisation, only the removal.

// svgo takes 0.1–0.2 s to load, every build once, and most sites have no SVG with anything to
// remove (needsSanitizing): it is loaded the first time one has (its CommonJS build, the faster to load).
const svgo = onFirstUse((require) => require('svgo') as typeof import('svgo'))

/** What sanitizing removed from an SVG, as short descriptions (`<script>`, `onload on <svg>`). */
export interface SanitizedSvg {
  svg: string
  removed: string[]
}

/** Elements that run script, embed other documents, or can only be there to. */
const FORBIDDEN = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener'])
/** Attributes naming a URL that an element loads (not follows, as a link does). */
const LOADING = new Set(['href', 'xlink:href', 'src'])
const REMOTE = /^\s*(?:[a-z][a-z0-9+.-]*:)?\/\//i
/** A stylesheet's rule that loads from another site. */
const REMOTE_CSS = /@import|url\(\s*['"]?\s*(?:[a-z][a-z0-9+.-]*:)?\/\//i

/** `svg` without script, event handlers, javascript: URLs, foreign content and external references. */
export function sanitizeSvg(svg: string): SanitizedSvg {
  const removed: string[] = []
  const plugin: CustomPlugin = {
    name: 'kube-site:sanitize',
    fn: () => ({
      doctype: {
        enter(node, parent) {
          // A DTD's entities can carry markup that the browser's XML parser expands.
          removed.push('<!DOCTYPE>')
          detach(node, parent)
        },
      },
      instruction: {
        enter(node, parent) {
          if (node.name.toLowerCase() === 'xml-stylesheet') {
            removed.push('<?xml-stylesheet?>')
            detach(node, parent)
          }
        },
      },
      element: {
        enter(node, parent) {
          const name = node.name.toLowerCase()
          if (FORBIDDEN.has(name)) {
            removed.push(`<${node.name}>`)
            detach(node, parent)
            return
          }
          // An animation can set an attribute to script (`<set attributeName="href" to="javascript:…">`).
          if (/^(?:set|animate)$/.test(name)) {
            const target = (node.attributes.attributeName ?? '').toLowerCase()
            if (target.startsWith('on') || LOADING.has(target) || target === 'xlink:href') {
              removed.push(`<${node.name} attributeName="${node.attributes.attributeName}">`)
              detach(node, parent)
              return
            }
          }
          for (const [attribute, value] of Object.entries(node.attributes)) {
            const lower = attribute.toLowerCase()
            if (lower.startsWith('on')) removed.push(`${attribute} on <${node.name}>`)
            else if ((LOADING.has(lower) || lower === 'action' || lower === 'formaction') && isJavascriptUrl(value)) removed.push(`a javascript: URL on <${node.name}>`)
            else if (LOADING.has(lower) && name !== 'a' && REMOTE.test(value)) removed.push(`${attribute}="${value}" on <${node.name}> (loads from another site)`)
            else continue
            delete node.attributes[attribute]
          }
          if (name === 'style') {
            for (const child of node.children) {
              if ((child.type === 'text' || child.type === 'cdata') && REMOTE_CSS.test(child.value)) {
                removed.push('<style> that loads from another site')
                detach(node, parent)
                return
              }
            }
          }
        },
      },
    }),
  }
  const { data } = svgo().optimize(svg, { plugins: [plugin], js2svg: { pretty: false } })
  return { svg: removed.length > 0 ? data : svg, removed }
}

function detach(node: XastChild, parent: XastParent): void {
  parent.children = parent.children.filter((child) => child !== node)
}

export type { XastElement }

/**
 * What an SVG must hold for sanitizing to have anything to remove, once its character references
 * are read (an attribute's value may spell `javascript:` with them): an element or attribute
 * sanitizeSvg removes, an `href` or `src` to another site, a stylesheet rule that loads from one.
 * Not a paint server's `url(#id)`, which most drawings use.
 */
const SUSPECT = /<script|<foreignobject|<iframe|<embed|<object|<handler|<listener|<set\b|<animate\b|<!doctype|<\?xml-stylesheet|\son[a-z]+\s*=|javascript:|(?:href|src)\s*=\s*["']?\s*(?:[a-z][a-z0-9+.-]*:)?\/\/|@import|url\(\s*['"]?\s*(?:[a-z][a-z0-9+.-]*:)?\/\//i

/** `text` with its numeric character references (`&#106;`, `&#x6A;`) as the characters they stand for. */
function readCharacterReferences(text: string): string {
  return text.replace(/&#(x[0-9a-f]+|[0-9]+);/gi, (reference, code: string) => {
    const point = code[0] === 'x' || code[0] === 'X' ? Number.parseInt(code.slice(1), 16) : Number(code)
    return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : reference
  })
}

/** Whether sanitizeSvg may have anything to remove from `svg`: most SVGs have nothing, and are never parsed. */
export function needsSanitizing(svg: string): boolean {
  return SUSPECT.test(svg.includes('&#') ? readCharacterReferences(svg) : svg)
}

/** `sanitizeSvg`, only for an SVG that may hold something to remove. */
export function sanitizeSvgIfNeeded(svg: string): SanitizedSvg {
  return needsSanitizing(svg) ? sanitizeSvg(svg) : { svg, removed: [] }
}
