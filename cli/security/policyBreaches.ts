import { Tokenizer } from 'htmlparser2'
import { hashSource, parsePolicy, policyProblems, sourcesFor, type Directive } from './contentSecurityPolicy.ts'
import { parseSrcset } from '../check/parseSrcset.ts'

// What a page holds that its own policy would block, read as a browser reads it (htmlparser2): uncovered inline code, style
// attributes, handlers, javascript: URLs, disallowed hosts, and the policy's own faults. The build refuses it; check reports it.

export interface PolicyBreach {
  /** The element, as a short excerpt: `<button onclick="…">`. */
  element: string
  problem: string
  hint: string
}

export interface BreachOptions {
  /** The origin the site is served from ('self'): the config's site.url. */
  origin: string
}

/** Script types a browser runs (https://html.spec.whatwg.org/#scriptingLanguages), with module and importmap; any other type is data. */
const SCRIPT_TYPES = /^(?:|module|importmap|speculationrules|(?:text|application)\/(?:x-)?(?:java|ecma)script|text\/(?:javascript1\.[0-5]|jscript|livescript))$/

/** Attributes whose value is a URL a click or a load may follow. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'data', 'background', 'cite'])

const HINTS = {
  handler: 'Inline event handlers never run under the policy: handle the event in the component (an island, or addEventListener in a +client.ts).',
  style: 'Style attributes are blocked by the policy: give the element a class in its .module.scss (a value that varies: a data-* attribute that the stylesheet matches, or set it from script).',
  javascriptUrl: 'javascript: URLs never run under the policy: use a <button> with a handler in the component.',
  script: 'An inline script the build does not write is blocked: move it into a module the page loads, or, if every page needs it before paint, write it as pages/_lib/islands/earlyScript.ts is and add it to the inline scripts of cli/security/sitePolicies.ts.',
  style_element: 'Inline <style> is blocked by the policy: put the rules in a stylesheet (the component\'s .module.scss).',
  host: 'Add the host to the config (security.contentSecurityPolicy) if the page must load from it, or serve the file from public/.',
  base: 'The policy has base-uri \'none\': links are written with the base already (pages/_lib/urls/href.ts).',
  plugin: 'Plugins (object, embed) are blocked by the policy (object-src \'none\').',
  policy: 'Every page carries the policy the build writes first in its <head> (cli/security/insertPolicy.ts).',
  policySource:
    'The build writes each policy from sources it has checked: build the page again with kube-site build, and add a host through security.contentSecurityPolicy in site.config.ts, never by editing the page (cli/security/README.md).',
}

/** The problems of the last policy read: the blog's pages share one, so it is read by the grammar once. */
let lastPolicy: { text: string; problems: string[] } | undefined
const problemsOf = (text: string) => (lastPolicy?.text === text ? lastPolicy : (lastPolicy = { text, problems: policyProblems(text) })).problems

/** A script, stylesheet or module preload the page names: where its start tag ends (an attribute can go there) and its URL. */
export interface Subresource {
  at: number
  url: string
  integrity?: string
  /** Whether it is a stylesheet the browser applies (a <link rel="stylesheet"> of type text/css, or of none). */
  stylesheet: boolean
}

/** The breaches of `html` against the policy in its own <meta http-equiv="Content-Security-Policy">. */
export function policyBreaches(html: string, options: BreachOptions): PolicyBreach[] {
  return readPage(html, options).breaches
}

/** Elements whose content is SVG or MathML, where `<script>` and `<style>` hold markup, not raw text. */
const FOREIGN = new Set(['svg', 'math'])
/** Elements inside SVG or MathML whose content is HTML again. */
const INTEGRATION = new Set(['foreignobject', 'desc', 'title', 'mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml'])
/** Elements whose <source> children load media (the others' load images). */
const MEDIA = new Set(['video', 'audio', 'picture'])
/** Every element of the three sets above: the open ones are kept (contexts in readPage). */
const CONTEXTS = new Set([...FOREIGN, ...INTEGRATION, ...MEDIA])

/** A start tag's attributes by name, in order: the first of a name counts, as in a browser. */
type Attributes = Map<string, string>

/** The page read once by htmlparser2's tokenizer (its Parser doubled the time): breaches of its policy, and subresources for integrity. */
export function readPage(html: string, { origin }: BreachOptions): { breaches: PolicyBreach[]; subresources: Subresource[]; hasPolicy: boolean } {
  const breaches: PolicyBreach[] = []
  const subresources: Subresource[] = []
  let policy: Map<string, string[]> | undefined
  const breach = (element: string, problem: string, hint: string) => breaches.push({ element, problem, hint })
  const sources = (directive: Directive) => (policy ? sourcesFor(policy, directive) : [])
  const self = new URL(origin)
  const loads = (name: string, attributes: Attributes, url: string | undefined, directive: Directive) => {
    if (url === undefined || url.trim() === '') return
    // Most URLs of a page are the site's own, root-relative: allowed wherever 'self' is.
    if (url.startsWith('/') && !url.startsWith('//') && sources(directive).includes("'self'")) return
    if (!urlAllowed(url, sources(directive), self)) breach(excerpt(name, attributes), `loads ${shortUrl(url)}, which its ${directive} does not allow`, HINTS.host)
  }

  // The open elements that change how what follows is read: SVG and MathML, the HTML elements inside them, and <video>, <audio>, <picture>.
  const contexts: string[] = []
  // Whether the innermost of them that is not media is SVG or MathML: asked at every tag, so kept as they change.
  let foreign = false
  const inForeign = () => foreign
  const media = () => contexts.findLast((tag) => MEDIA.has(tag))
  const changed = () => void (foreign = FOREIGN.has(contexts.findLast((tag) => !MEDIA.has(tag)) ?? ''))
  const enter = (tag: string) => {
    if (!CONTEXTS.has(tag)) return
    contexts.push(tag)
    changed()
  }
  const close = (tag: string) => {
    if (contexts.length === 0) return
    const at = contexts.lastIndexOf(tag)
    if (at === -1) return
    contexts.length = at
    changed()
  }
  // The start tag being read: its name, and its attributes in order (the first of a name counts, as in a browser).
  let name = ''
  let attributes: Attributes = new Map()
  let attribute = ''
  let value = ''
  // The inline script or style being read, until its end tag.
  let raw: { name: 'script' | 'style'; attributes: Attributes; text: string; depth: number } | undefined

  const openTag = (end: number) => {
    const at = html[end - 1] === '/' ? end - 1 : end
    if (!policy && name === 'meta' && attributes.get('http-equiv')?.toLowerCase() === 'content-security-policy') {
      policy = parsePolicy(attributes.get('content') ?? '')
      for (const problem of problemsOf(attributes.get('content') ?? '')) breach(excerpt(name, attributes, 'http-equiv'), problem, HINTS.policySource)
    }
    for (const [key, text] of attributes) {
      if (key.startsWith('on')) breach(excerpt(name, attributes, key), `has an inline event handler (${key})`, HINTS.handler)
      else if (key === 'style') breach(excerpt(name, attributes, key), 'has a style attribute', HINTS.style)
      else if (URL_ATTRIBUTES.has(key) && isJavascriptUrl(text)) breach(excerpt(name, attributes, key), 'has a javascript: URL', HINTS.javascriptUrl)
    }
    switch (name) {
      case 'script':
      case 'style': {
        raw = { name, attributes, text: '', depth: contexts.length }
        const src = attributes.get('src')
        if (name === 'script' && src !== undefined) {
          loads(name, attributes, src, 'script-src')
          subresources.push({ at, url: src, integrity: attributes.get('integrity'), stylesheet: false })
        }
        break
      }
      case 'img':
        loads(name, attributes, attributes.get('src'), 'img-src')
        for (const url of parseSrcset(attributes.get('srcset') ?? '')) loads(name, attributes, url, 'img-src')
        break
      case 'source': {
        const parent = media()
        const directive = parent === 'video' || parent === 'audio' ? 'media-src' : 'img-src'
        loads(name, attributes, attributes.get('src'), directive)
        for (const url of parseSrcset(attributes.get('srcset') ?? '')) loads(name, attributes, url, directive)
        break
      }
      case 'video':
      case 'audio':
      case 'track':
        loads(name, attributes, attributes.get('src'), 'media-src')
        if (name === 'video') loads(name, attributes, attributes.get('poster'), 'img-src')
        break
      case 'iframe':
      case 'frame':
        loads(name, attributes, attributes.get('src'), 'frame-src')
        break
      case 'object':
      case 'embed':
        breach(excerpt(name, attributes), 'is a plugin', HINTS.plugin)
        break
      case 'base':
        if (attributes.get('href') !== undefined) breach(excerpt(name, attributes), 'sets the document base', HINTS.base)
        break
      case 'link': {
        const directive = linkDirective(attributes)
        const href = attributes.get('href')
        if (directive) loads(name, attributes, href, directive)
        const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/)
        const stylesheet = directive === 'style-src' && rel.includes('stylesheet')
        if (href && (stylesheet || rel.includes('modulepreload'))) subresources.push({ at, url: href, integrity: attributes.get('integrity'), stylesheet })
        break
      }
    }
  }
  const endRaw = () => {
    const { name, attributes, text } = raw!
    raw = undefined
    const type = attributes.get('type')
    if (name === 'script') {
      if (attributes.get('src') !== undefined || !SCRIPT_TYPES.test((type ?? '').trim().toLowerCase())) return
      if (!sources('script-src').includes(hashSource(text))) breach(scriptExcerpt('script', text), 'is an inline script that its policy does not allow', HINTS.script)
    } else if (type === undefined || /^\s*text\/css\s*$/i.test(type) || type === '') {
      if (!sources('style-src').includes(hashSource(text))) breach(scriptExcerpt('style', text), 'is an inline <style> that its policy does not allow', HINTS.style_element)
    }
  }
  const endAttribute = () => {
    if (attribute && !attributes.has(attribute)) attributes.set(attribute, value)
    attribute = ''
    value = ''
  }

  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      onopentagname(start, end) {
        const tag = html.slice(start, end).toLowerCase()
        // A browser reads <image> as <img> outside SVG.
        name = tag === 'image' && !inForeign() ? 'img' : tag
        attributes = new Map()
      },
      onattribname(start, end) {
        attribute = html.slice(start, end).toLowerCase()
      },
      onattribdata(start, end) {
        value += html.slice(start, end)
      },
      onattribentity(codePoint) {
        value += String.fromCodePoint(codePoint)
      },
      onattribend: endAttribute,
      onopentagend(end) {
        openTag(end)
        enter(name)
      },
      onselfclosingtag(end) {
        const before = raw
        openTag(end)
        // `/>` ends an element in SVG and MathML only (an <svg/> too): an SVG <script/> at once.
        if (!inForeign() && !FOREIGN.has(name)) enter(name)
        else if (raw !== before) endRaw()
      },
      onclosetag(start, end) {
        const tag = html.slice(start, end).toLowerCase()
        if (raw?.name === tag) endRaw()
        close(tag)
        // An SVG <script> or <style> left open ends with the element around it.
        if (raw && contexts.length < raw.depth) endRaw()
      },
      ontext(start, end) {
        if (raw) raw.text += html.slice(start, end)
      },
      ontextentity(codePoint) {
        if (raw) raw.text += String.fromCodePoint(codePoint)
      },
      oncdata() {},
      oncomment() {},
      ondeclaration() {},
      onprocessinginstruction() {},
      onend() {
        if (raw) endRaw()
      },
      isInForeignContext: inForeign,
    },
  )
  tokenizer.write(html)
  tokenizer.end()
  if (!policy) breaches.unshift({ element: '<head>', problem: 'carries no Content-Security-Policy', hint: HINTS.policy })
  return { breaches, subresources, hasPolicy: policy !== undefined }
}

/** The fetch directive a <link> loads under, or undefined for a link nothing is fetched for (a feed, a canonical URL). */
function linkDirective(attributes: Attributes): Directive | undefined {
  const rel = new Set((attributes.get('rel') ?? '').toLowerCase().split(/\s+/))
  if (rel.has('stylesheet')) {
    // A stylesheet of a type the browser does not support is never fetched (the combined-stylesheet marker).
    const type = attributes.get('type')?.trim().toLowerCase()
    return type && type !== 'text/css' ? undefined : 'style-src'
  }
  if (rel.has('modulepreload')) return 'script-src'
  if (rel.has('icon') || rel.has('apple-touch-icon')) return 'img-src'
  if (rel.has('manifest')) return 'manifest-src'
  if (rel.has('preload')) {
    const as = attributes.get('as')?.toLowerCase()
    return as === 'script' ? 'script-src' : as === 'style' ? 'style-src' : as === 'image' ? 'img-src' : as === 'font' ? 'font-src' : as === 'fetch' ? 'connect-src' : undefined
  }
  return undefined
}

/** Whether a browser would run `value` as a javascript: URL (it strips tabs, newlines and surrounding control characters and spaces first). */
export function isJavascriptUrl(value: string): boolean {
  // Most URLs of a page have no scheme: without a colon there is none to strip down to.
  if (!value.includes(':')) return false
  return /^javascript:/i.test(value.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, ''))
}

/** Whether a page on `origin` may load `url` under `sources` (CSP3's matching, for the sources a policy of ours can hold). */
export function urlAllowed(url: string, sources: string[], origin: string | URL): boolean {
  const self = typeof origin === 'string' ? new URL(origin) : origin
  let target: URL
  try {
    target = new URL(url.trim(), self)
  } catch {
    // A URL the browser cannot parse loads nothing.
    return true
  }
  return sources.some((source) => {
    const lower = source.toLowerCase()
    if (lower === "'self'") return target.origin === self.origin
    if (lower.startsWith("'")) return false
    if (/^[a-z][a-z0-9+.-]*:$/.test(lower)) return target.protocol === lower
    return hostSourceMatches(lower, target, self)
  })
}

function hostSourceMatches(source: string, target: URL, self: URL): boolean {
  const match = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[^:/]+)(?::(\d+|\*))?(\/.*)?$/.exec(source)
  if (!match) return false
  const [, scheme, host, port, path] = match
  const protocol = target.protocol.slice(0, -1)
  // A scheme-less source takes the page's scheme; http also matches its upgrade to https.
  const wanted = scheme ?? self.protocol.slice(0, -1)
  if (!(protocol === wanted || (wanted === 'http' && protocol === 'https') || (wanted === 'ws' && protocol === 'wss'))) return false
  const hostname = target.hostname.toLowerCase()
  if (host === '*') {
    // '*' alone matches any host of a network scheme.
  } else if (host!.startsWith('*.')) {
    if (!hostname.endsWith(host!.slice(1))) return false
  } else if (hostname !== host) return false
  const defaultPort = (scheme: string) => (scheme === 'https' || scheme === 'wss' ? '443' : scheme === 'http' || scheme === 'ws' ? '80' : '')
  if (port !== '*') {
    const targetPort = target.port || defaultPort(protocol)
    const sourcePort = port ?? defaultPort(wanted)
    if (targetPort !== sourcePort && !(port === undefined && wanted === 'http' && protocol === 'https' && targetPort === '443')) return false
  }
  if (path && path !== '/') {
    const targetPath = decodeURIComponent(target.pathname)
    return path.endsWith('/') ? targetPath.startsWith(path) : targetPath === path
  }
  return true
}

const shortUrl = (url: string) => (url.length > 80 ? `${url.slice(0, 77)}…` : url)

/** `<name attr="value" …>`, with the attribute in question first, values cut short. */
function excerpt(name: string, attributes: Attributes, first?: string): string {
  const names = [...attributes.keys()].sort((a, b) => Number(b === first) - Number(a === first))
  const shown = names.slice(0, 3).map((attribute) => {
    const value = attributes.get(attribute)!
    return value === '' ? attribute : `${attribute}="${value.length > 40 ? `${value.slice(0, 37)}…` : value}"`
  })
  return `<${[name, ...shown].join(' ')}${names.length > 3 ? ' …' : ''}>`
}

function scriptExcerpt(name: string, text: string): string {
  const flat = text.trim().replace(/\s+/g, ' ')
  return `<${name}>${flat.length > 60 ? `${flat.slice(0, 57)}…` : flat}</${name}>`
}
