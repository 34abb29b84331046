import { createHash } from 'node:crypto'
import { domainToASCII } from 'node:url'
import { internalError } from '../errors.ts'

// A page's CSP from what the build knows (inline script hashes, content hosts, config); in a <meta>, so frame-ancestors, report-to, sandbox belong to a CDN.

/** The directives a policy may set, in the order it writes them. */
export const DIRECTIVES = [
  'default-src',
  'script-src',
  'style-src',
  'img-src',
  'media-src',
  'font-src',
  'connect-src',
  'worker-src',
  'manifest-src',
  'frame-src',
  'base-uri',
  'object-src',
  'form-action',
] as const

export type Directive = (typeof DIRECTIVES)[number]

/** The directives a config may add sources to: the others are fixed at 'none'. */
export const EXTENDABLE: readonly Directive[] = ['script-src', 'style-src', 'img-src', 'media-src', 'font-src', 'connect-src', 'worker-src', 'frame-src']

export type Policy = Partial<Record<Directive, string[]>>

export interface PolicyInput {
  /** The text of each inline script the page may run (its sha256 goes into script-src). */
  inlineScripts?: Iterable<string>
  /** The text of each inline <style> the page may apply. */
  inlineStyles?: Iterable<string>
  /** Origins of remote images (img-src) and of remote video and audio (media-src). */
  imageOrigins?: Iterable<string>
  mediaOrigins?: Iterable<string>
  /** Sources the config adds, by directive. */
  extra?: Policy
  /** The page runs WebAssembly (search): 'wasm-unsafe-eval', and nothing more. */
  wasm?: boolean
  /** The page has a form that opens a page of the site (search, without JavaScript): form-action 'self'. */
  forms?: boolean
}

/** A CSP hash source for `text`: `'sha256-…'` of its UTF-8 bytes, as the browser hashes an inline element. */
export function hashSource(text: string, algorithm: 'sha256' | 'sha384' = 'sha256'): string {
  return `'${algorithm}-${createHash(algorithm).update(text, 'utf8').digest('base64')}'`
}

/** The strict policy of a page: the site's files, inline scripts by hash, its remote hosts, the config's additions; never 'unsafe-inline' or 'unsafe-eval'. */
export function createPolicy({ inlineScripts = [], inlineStyles = [], imageOrigins = [], mediaOrigins = [], extra = {}, wasm = false, forms = false }: PolicyInput): Policy {
  const policy: Policy = {
    'default-src': ["'none'"],
    'script-src': ["'self'", ...[...inlineScripts].map((text) => hashSource(text)), ...(wasm ? ["'wasm-unsafe-eval'"] : [])],
    'style-src': ["'self'", ...[...inlineStyles].map((text) => hashSource(text))],
    'img-src': ["'self'", 'data:', ...imageOrigins],
    'media-src': ["'self'", ...mediaOrigins],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    // pdf.js's worker, served from the site.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    'form-action': [forms ? "'self'" : "'none'"],
  }
  for (const [directive, sources] of Object.entries(extra) as [Directive, string[]][]) {
    const current = policy[directive]?.filter((source) => source !== "'none'") ?? []
    policy[directive] = [...current, ...sources]
  }
  return policy
}

/** The policy as text, directives in fixed order, each source once: the one place it becomes text, so a source the grammar cannot read is our bug. */
export function serializePolicy(policy: Policy): string {
  return DIRECTIVES.filter((directive) => policy[directive]?.length)
    .map((directive) => {
      const sources = [...new Set(policy[directive])]
      const broken = sources.find((source) => !parseSource(source))
      if (broken !== undefined) throw internalError(`the policy's ${directive} was given ${JSON.stringify(broken)}, which is not a CSP source`)
      if (sources.length > 1 && sources.some((source) => source.toLowerCase() === "'none'")) throw internalError(`the policy's ${directive} has 'none' beside other sources`)
      return [directive, ...sources].join(' ')
    })
    .join('; ')
}

/** CSP3's ASCII whitespace, which alone separates sources (a no-break space is part of one). */
const ASCII_WHITESPACE = /[\t\n\f\r ]+/

/** A serialized policy's directives in order, as CSP3 parses one: split on `;`, then on ASCII whitespace, the name lower-cased. */
function directivesOf(serialized: string): { name: string; sources: string[] }[] {
  return serialized.split(';').flatMap((part) => {
    const [name, ...sources] = part.split(ASCII_WHITESPACE).filter(Boolean)
    return name ? [{ name: name.toLowerCase(), sources }] : []
  })
}

/** A serialized policy read back: each directive with its sources (a directive named twice keeps its first, as browsers do). */
export function parsePolicy(serialized: string): Map<string, string[]> {
  const directives = new Map<string, string[]>()
  for (const { name, sources } of directivesOf(serialized)) if (!directives.has(name)) directives.set(name, sources)
  return directives
}

/** The sources that govern `directive` in `policy`: its own, else default-src's (CSP's fallback for fetch directives). */
export function sourcesFor(policy: Map<string, string[]>, directive: Directive): string[] {
  const fallback = directive === 'worker-src' ? (policy.get('script-src') ?? policy.get('default-src')) : policy.get('default-src')
  return policy.get(directive) ?? (FETCH_DIRECTIVES.has(directive) ? (fallback ?? []) : [])
}

const FETCH_DIRECTIVES = new Set<Directive>(['script-src', 'style-src', 'img-src', 'media-src', 'font-src', 'connect-src', 'worker-src', 'manifest-src', 'frame-src', 'object-src'])

/** A source expression as CSP3's grammar reads it (https://www.w3.org/TR/CSP3/#grammardef-source-expression). */
export type SourceExpression =
  /** 'self', 'unsafe-inline', 'none' …, lower-cased. */
  | { kind: 'keyword'; keyword: string }
  | { kind: 'nonce' }
  | { kind: 'hash' }
  /** `https:`: the scheme, lower-cased, without its colon. */
  | { kind: 'scheme'; scheme: string }
  /** `[scheme://](*.)host[:port][/path]`: scheme and host lower-cased. */
  | { kind: 'host'; scheme?: string; host: string; port?: string; path?: string }

const KEYWORDS = new Set(["'self'", "'none'", "'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'strict-dynamic'", "'report-sample'", "'unsafe-allow-redirects'", "'wasm-unsafe-eval'"])
// The grammar's productions, each matched against one part the parser has cut out, never the whole source.
const SCHEME = /^[a-z][a-z0-9+.-]*$/i
const BASE64_VALUE = /^[a-z0-9+/_-]+={0,2}$/i
const HASH = /^'(?:sha256|sha384|sha512)-(.*)'$/i
const NONCE = /^'nonce-(.*)'$/i
/** host-char: ALPHA / DIGIT / "-". */
const HOST_LABEL = /^[a-z0-9-]+$/i
const PORT = /^(?:[0-9]+|\*)$/
/** path-absolute (RFC 3986) without `;` and `,` (CSP3) nor `'`: a quote in a path only ever tries to write a keyword. */
const PATH = /^\/(?:(?:[a-z0-9._~!$&()*+=:@-]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9._~!$&()*+=:@-]|%[0-9a-f]{2})*)*)?$/i

/** `source` read by CSP3's source-expression grammar, or undefined when it is not one (quotes, spaces, `;`, `,`, `_` or non-ASCII in a host …). */
export function parseSource(source: string): SourceExpression | undefined {
  if (source.startsWith("'")) {
    const keyword = source.toLowerCase()
    if (KEYWORDS.has(keyword)) return { kind: 'keyword', keyword }
    const nonce = NONCE.exec(source)?.[1]
    if (nonce !== undefined) return BASE64_VALUE.test(nonce) ? { kind: 'nonce' } : undefined
    const hash = HASH.exec(source)?.[1]
    return hash !== undefined && BASE64_VALUE.test(hash) ? { kind: 'hash' } : undefined
  }
  if (source.endsWith(':') && SCHEME.test(source.slice(0, -1))) return { kind: 'scheme', scheme: source.slice(0, -1).toLowerCase() }
  const separator = source.indexOf('://')
  const scheme = separator === -1 ? undefined : source.slice(0, separator)
  if (scheme !== undefined && !SCHEME.test(scheme)) return undefined
  const rest = separator === -1 ? source : source.slice(separator + 3)
  const hostEnd = rest.search(/[:/]|$/)
  const host = rest.slice(0, hostEnd)
  if (!isHostPart(host)) return undefined
  let at = hostEnd
  let port: string | undefined
  if (rest[at] === ':') {
    const portEnd = rest.indexOf('/', at)
    port = rest.slice(at + 1, portEnd === -1 ? undefined : portEnd)
    if (!PORT.test(port)) return undefined
    at = portEnd === -1 ? rest.length : portEnd
  }
  const path = rest.slice(at)
  if (path !== '' && !PATH.test(path)) return undefined
  return { kind: 'host', ...(scheme && { scheme: scheme.toLowerCase() }), host: host.toLowerCase(), ...(port !== undefined && { port }), ...(path && { path }) }
}

/** host-part: "*" / ["*."] 1*host-char *("." 1*host-char) ["."] (the trailing dot since CSP3's 2024 grammar). */
function isHostPart(host: string): boolean {
  if (host === '*') return true
  const labels = (host.startsWith('*.') ? host.slice(2) : host).replace(/\.$/, '').split('.')
  return labels.every((label) => HOST_LABEL.test(label))
}

/** Why a source cannot go into a policy, and what to do. */
export interface SourceProblem {
  reason: string
  hint: string
}

/** The directives where a source that lets any script run undoes the policy (what CSP Evaluator checks): scripts, plugins, and the base of every relative URL. */
const SCRIPT_BEARING = new Set(['default-src', 'script-src', 'script-src-elem', 'object-src', 'base-uri'])
/** Schemes whose URLs hold their own content: a script written into one runs from no host at all. */
const CONTENT_SCHEMES = new Set(['data', 'blob', 'filesystem'])
const NAME_HOSTS = 'Name each host the pages load scripts from, such as https://plausible.io (a path narrows it further).'
const UNSAFE = /^'unsafe-/

/** Why `source` in `directive` lets any script run (CSP Evaluator's bypasses), or undefined. */
function bypass(source: SourceExpression, shown: string, directive: string): SourceProblem | undefined {
  if (!SCRIPT_BEARING.has(directive)) return undefined
  if (source.kind === 'keyword' && UNSAFE.test(source.keyword)) return unsafe(shown)
  if (source.kind === 'scheme') {
    if (CONTENT_SCHEMES.has(source.scheme)) return { reason: `${shown} URLs hold their own content, so any script written into one runs`, hint: NAME_HOSTS }
    return { reason: `${shown} allows a script from any host of that scheme`, hint: NAME_HOSTS }
  }
  if (source.kind !== 'host') return undefined
  if (source.host === '*') return { reason: `${shown} allows every host, so a script from anywhere runs`, hint: NAME_HOSTS }
  // `*.com`: every site under a public suffix, anyone's. (Suffixes of two labels, `*.co.uk`, need the public suffix list.)
  if (source.host.startsWith('*.') && !source.host.slice(2).replace(/\.$/, '').includes('.')) {
    return { reason: `${shown} covers every site under a public suffix, anyone's, so a script from any of them runs`, hint: NAME_HOSTS }
  }
  return undefined
}

const unsafe = (shown: string): SourceProblem => ({
  reason: `${shown} would undo the policy (inline or eval'd code would run)`,
  hint: 'Move the code into a file the page loads; an inline script every page needs before paint is written as pages/_lib/islands/earlyScript.ts is.',
})

/** Why `source` cannot be added to `directive` of the pages' policies by the config, or undefined when it can. */
export function sourceProblem(source: string, directive: Directive): SourceProblem | undefined {
  const parsed = parseSource(source)
  if (!parsed) {
    return {
      reason: `${JSON.stringify(source)} is not a CSP source`,
      hint: `A source is a host (https://cdn.example.com, *.example.com, with an optional port and path), a scheme (https:) or a hash ('sha256-…'): letters, digits, hyphens and dots in the host, and no quotes, spaces, commas or semicolons.${asciiSpelling(source)}`,
    }
  }
  if (parsed.kind === 'keyword' && UNSAFE.test(parsed.keyword)) return unsafe(source)
  if (parsed.kind === 'keyword' && parsed.keyword !== "'self'") return { reason: `${source} is set by the build, not the config`, hint: 'Leave it out: the build writes it where a page needs it.' }
  if (parsed.kind === 'nonce') return { reason: `${source} is a nonce, which must change with every response: a static page cannot carry one`, hint: NAME_HOSTS }
  if (parsed.kind === 'host' && parsed.host.endsWith('.')) return trailingDot(parsed.host)
  if (parsed.kind === 'host' && parsed.host === '*' && parsed.scheme === undefined) return { reason: '* allows every host', hint: 'Name the hosts, or a scheme (https:) where any host will do.' }
  return bypass(parsed, source, directive)
}

const trailingDot = (host: string): SourceProblem => ({
  reason: `its host ${JSON.stringify(host)} ends in a dot, which not every browser's policy parser accepts (the image would be blocked there)`,
  hint: 'Write the host without the final dot.',
})

/** A hint to spell a source's non-ASCII host as the browser does (punycode), or ''. */
function asciiSpelling(source: string): string {
  if (!/[^\x00-\x7f]/.test(source)) return ''
  const start = source.includes('://') ? source.indexOf('://') + 3 : 0
  const end = source.slice(start).search(/[:/]|$/) + start
  const host = source.slice(start, end)
  const wildcard = host.startsWith('*.') ? '*.' : ''
  const ascii = domainToASCII(host.slice(wildcard.length))
  return ascii ? ` Write the host as a browser does: ${source.slice(0, start)}${wildcard}${ascii}${source.slice(end)}.` : ''
}

/** What a URL of the content (an image of a post, a cover, a file the config names) adds to a policy. */
export type OriginSource = { source: string } | { problem: SourceProblem }

// Two bases of one scheme: a URL resolving to one origin against both names its own host (`https://`, `//`, `\\`); a relative one takes the base's.
const BASES = ['https://a.invalid/', 'https://b.invalid/']

/** The host source of `url`'s remote http(s) origin by the URL parser (never path or credentials); a host the grammar cannot express or credentials: a problem. */
export function originSource(url: string): OriginSource | undefined {
  const [first, second] = BASES.map((base) => URL.parse(url, base))
  if (!first || !second) return { problem: { reason: 'is not a URL a browser can load', hint: 'Check the URL for spaces and stray characters in its host.' } }
  if (first.origin !== second.origin || (first.protocol !== 'https:' && first.protocol !== 'http:')) return undefined
  if (first.username || first.password) {
    return { problem: { reason: 'carries a user name or password in its URL, which every page showing it would publish', hint: 'Take the credentials out of the URL: a file every visitor loads needs none.' } }
  }
  const { protocol, hostname, port } = first
  if (hostname.startsWith('[')) {
    return { problem: { reason: `its host ${hostname} is an IPv6 address, which a Content-Security-Policy cannot name (its host grammar has no brackets)`, hint: 'Serve the file from a named host, or from public/.' } }
  }
  if (hostname.endsWith('.')) return { problem: trailingDot(hostname) }
  const source = `${protocol}//${hostname}${port ? `:${port}` : ''}`
  if (parseSource(source)?.kind !== 'host') {
    return {
      problem: {
        reason: `its host ${JSON.stringify(hostname)} is not one a Content-Security-Policy can name (letters, digits and hyphens, in labels between dots)`,
        hint: 'Check the URL: a ; , quote or space in a host is a typo or an attempt to write into the pages\' policy. Serve the file from public/ or from a host with a plain name.',
      },
    }
  }
  return { source }
}

/** The directives whose value is a source list (the others, sandbox, report-uri …, hold something else). */
const SOURCE_LISTS = new Set([...DIRECTIVES, 'child-src', 'frame-ancestors', 'prefetch-src', 'fenced-frame-src', 'script-src-elem', 'script-src-attr', 'style-src-elem', 'style-src-attr', 'navigate-to'])

/** What is wrong with a policy as a page carries it, read as CSP3 parses: a directive twice, a source not read as one, one that lets any script run. */
export function policyProblems(serialized: string): string[] {
  const problems: string[] = []
  const seen = new Map<string, string[]>()
  for (const { name, sources } of directivesOf(serialized)) {
    const first = seen.get(name)
    if (first) {
      problems.push(`names ${name} twice: a browser keeps the first (${[name, ...first].join(' ')}) and ignores the second (${[name, ...sources].join(' ')})`)
      continue
    }
    seen.set(name, sources)
    if (!SOURCE_LISTS.has(name)) continue
    for (const source of sources) {
      const parsed = parseSource(source)
      const problem = parsed ? bypass(parsed, source, name) : undefined
      if (!parsed) problems.push(`${name}: ${JSON.stringify(source)} is not a CSP source`)
      else if (problem) problems.push(`${name}: ${problem.reason}`)
    }
  }
  return problems
}
