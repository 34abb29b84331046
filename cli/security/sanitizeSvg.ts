import { KubeSiteError } from '../errors.ts'
import { codeFrame } from '../content/codeFrame.ts'
import { parseSvg, serializeSvg, SvgSyntaxError, type SvgAttribute, type SvgElement, type SvgNode } from './parseSvg.ts'
import { cssValueLoads, sanitizeCss, urlKind } from './svgUrls.ts'

// An SVG served on the site's origin runs its scripts as the site: every SVG is parsed and written back with only drawing
// elements and safe attributes, URLs read by the URL parser; one with nothing to remove is kept as is.

/** What sanitizing removed from an SVG, as short descriptions (`<s:script>`, `onload on <svg>`). */
export interface SanitizedSvg {
  svg: string
  removed: string[]
}

export const SVG_NAMESPACE = 'http://www.w3.org/2000/svg'
const XLINK = 'http://www.w3.org/1999/xlink'
const XML = 'http://www.w3.org/XML/1998/namespace'
const XMLNS = 'http://www.w3.org/2000/xmlns/'

const FILTER_PRIMITIVES = ['feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting', 'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feImage', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence']
/** SVG's drawing elements (local names in the SVG namespace, case as SVG spells them): every other element goes, with what it holds. */
const ELEMENTS = new Set([
  ...['svg', 'g', 'defs', 'symbol', 'use', 'switch', 'view', 'a', 'title', 'desc', 'metadata', 'style', 'image'],
  ...['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'textPath'],
  ...['linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker', 'filter', ...FILTER_PRIMITIVES],
  ...['animate', 'set', 'animateTransform', 'animateMotion', 'mpath'],
])
/** Elements that set another element's attribute (attributeName): never a handler, nor where it links to or loads from. */
const ANIMATIONS = new Set(['animate', 'set', 'animateTransform', 'animateMotion'])
const URL_TARGETS = new Set(['href', 'src'])
/** Elements whose href loads an image, which may be a raster image in a data: URL. */
const IMAGES = new Set(['image', 'feImage'])
/** Attributes without a namespace that go whatever their value: `ping` sends a request to wherever it names. */
const DROPPED = new Set(['ping'])

/** `svg` with drawing elements and safe attributes only: no script, handlers, foreign content, subsets, PIs, javascript:/data:/remote URLs. `file` names it in errors. */
export function sanitizeSvg(svg: string, file: string): SanitizedSvg {
  let nodes: SvgNode[]
  try {
    nodes = parseSvg(svg)
  } catch (error) {
    if (!(error instanceof SvgSyntaxError)) throw error
    throw svgInvalid(file, error.reason, svg, error)
  }
  const removed: string[] = []
  const kept: SvgNode[] = []
  for (const node of nodes) {
    if (node.type === 'doctype' && node.value.includes('[')) {
      // Its internal subset's entities were expanded (parseSvg.ts), so it is written without; an external DTD alone changes nothing.
      removed.push('<!DOCTYPE>')
    } else if (node.type === 'instruction' && node.name.toLowerCase() !== 'xml') {
      removed.push(`<?${node.name}?>`)
    } else if (node.type === 'element') {
      if (node.uri !== SVG_NAMESPACE || node.local !== 'svg') {
        throw svgInvalid(file, `the root element is <${node.name}>${node.uri ? ` in ${node.uri}` : ' without a namespace'}, not <svg xmlns="${SVG_NAMESPACE}">: browsers do not draw it`, svg)
      }
      kept.push(sanitizeElement(node, removed)!)
    } else {
      kept.push(node)
    }
  }
  return { svg: removed.length > 0 ? serializeSvg(kept) : svg, removed }
}

/** SVG_INVALID for `file`, at the place `error` names. */
function svgInvalid(file: string, reason: string, svg: string, at?: SvgSyntaxError): KubeSiteError {
  return new KubeSiteError('SVG_INVALID', `The SVG cannot be published: ${reason}.`, {
    location: { file, line: at?.line, column: at?.column },
    frame: at ? codeFrame(svg, at.line, at.column) : undefined,
    hint: 'Export it again from the drawing program as plain SVG (without a DOCTYPE and entities), and check it opens in a browser.',
    cause: at,
  })
}

/** `element` with what is known to be safe of it, or undefined when it is not (described in `removed`). */
function sanitizeElement(element: SvgElement, removed: string[]): SvgElement | undefined {
  if (element.uri !== SVG_NAMESPACE || !ELEMENTS.has(element.local)) {
    removed.push(`<${element.name}>`)
    return undefined
  }
  const target = ANIMATIONS.has(element.local) ? animationTarget(element) : undefined
  if (target) {
    removed.push(`<${element.name} ${target}>`)
    return undefined
  }
  const attributes = element.attributes.flatMap((attribute) => {
    const value = attributeValue(attribute, element, removed)
    return value === undefined ? [] : [value === attribute.value ? attribute : { ...attribute, value }]
  })
  const children: SvgNode[] = []
  for (const child of element.local === 'style' ? styleChildren(element, removed) : element.children) {
    if (child.type === 'element') {
      const kept = sanitizeElement(child, removed)
      if (kept) children.push(kept)
    } else if (child.type === 'instruction') {
      removed.push(`<?${child.name}?>`)
    } else {
      children.push(child)
    }
  }
  return { ...element, attributes, children }
}

/** What an animation element must not set (`attributeName="x:href"`): an event handler or a URL (href in any namespace, src); an unbound prefix too. */
function animationTarget(element: SvgElement): string | undefined {
  const written = element.attributes.find((attribute) => attribute.uri === '' && attribute.local === 'attributeName')?.value.trim()
  if (written === undefined) return undefined
  const colon = written.indexOf(':')
  const local = colon === -1 ? written : written.slice(colon + 1)
  const bound = colon === -1 || element.scope[written.slice(0, colon)] !== undefined
  if (!bound || /^on/i.test(local) || URL_TARGETS.has(local.toLowerCase())) return `attributeName="${written}"`
  return undefined
}

/** What an attribute keeps of its value, or undefined when it goes (described in `removed`). */
function attributeValue(attribute: SvgAttribute, element: SvgElement, removed: string[]): string | undefined {
  const { uri, local, name, value } = attribute
  const on = `on <${element.name}>`
  if (uri === XMLNS || (uri === XML && (local === 'space' || local === 'lang')) || (uri === XLINK && local === 'title')) return value
  if ((uri === XLINK || uri === '') && URL_TARGETS.has(local)) {
    if (urlAllowed(value, element.local)) return value
    removed.push(`${name}="${shorten(value)}" ${on} (${urlKind(value) === 'remote' ? 'loads from another site' : 'not a URL of the site'})`)
    return undefined
  }
  if (uri !== '' || /^on/i.test(local) || DROPPED.has(local.toLowerCase())) {
    removed.push(`${name} ${on}`)
    return undefined
  }
  if (local === 'style') {
    const css = sanitizeCss(value, `style ${on}`, removed)
    return css === undefined || css.trim() === '' ? undefined : css
  }
  if (cssValueLoads(value)) {
    removed.push(`${name}="${shorten(value)}" ${on} (loads from outside the site)`)
    return undefined
  }
  return value
}

/** Whether an href or src of `element` may stay: a link may lead anywhere on the web, an image be a raster data: URL, and anything else must be on the site. */
function urlAllowed(value: string, element: string): boolean {
  const kind = urlKind(value)
  if (kind === 'site') return true
  if (element === 'a') return kind === 'remote' || kind === 'mailto'
  return IMAGES.has(element) && kind === 'data-image'
}

/** A <style>'s text and CDATA as one stylesheet, sanitized; an element inside goes, as a browser may read its text as CSS. */
function styleChildren(element: SvgElement, removed: string[]): SvgNode[] {
  for (const child of element.children) if (child.type === 'element') removed.push(`<${child.name}> in <${element.name}>`)
  const children = element.children.filter((child) => child.type !== 'element')
  const css = children.map((child) => (child.type === 'text' || child.type === 'cdata' ? child.value : '')).join('')
  const kept = sanitizeCss(css, `<${element.name}>`, removed)
  if (kept === css) return children
  if (kept === undefined) return []
  const inCdata = children.some((child) => child.type === 'cdata') && !kept.includes(']]>')
  return [{ type: inCdata ? 'cdata' : 'text', value: kept }]
}

const shorten = (value: string) => (value.length > 60 ? `${value.slice(0, 59)}…` : value)
