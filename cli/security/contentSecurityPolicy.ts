import { createHash } from 'node:crypto'

// A page's Content-Security-Policy (https://www.w3.org/TR/CSP3/), written from what the build
// knows: the inline scripts it writes (by hash), the hosts its content names, and what the config
// adds. Object storage sends no headers, so the policy travels in a <meta> (insertPolicy.ts),
// which cannot carry frame-ancestors, report-to or sandbox: those belong to a CDN's headers.

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

/**
 * The strict policy of a page: nothing but the site's own files, the inline scripts named by
 * hash, the remote hosts its content uses, and what the config adds. Never 'unsafe-inline' or
 * 'unsafe-eval'.
 */
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

/** The policy as the value of a header or a meta tag: directives in a fixed order, each source once. */
export function serializePolicy(policy: Policy): string {
  return DIRECTIVES.filter((directive) => policy[directive]?.length)
    .map((directive) => [directive, ...new Set(policy[directive])].join(' '))
    .join('; ')
}

/** A serialized policy read back: each directive with its sources (a directive named twice keeps its first, as browsers do). */
export function parsePolicy(serialized: string): Map<string, string[]> {
  const directives = new Map<string, string[]>()
  for (const part of serialized.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (!name) continue
    const key = name.toLowerCase()
    if (!directives.has(key)) directives.set(key, sources)
  }
  return directives
}

/** The sources that govern `directive` in `policy`: its own, else default-src's (CSP's fallback for fetch directives). */
export function sourcesFor(policy: Map<string, string[]>, directive: Directive): string[] {
  const fallback = directive === 'worker-src' ? (policy.get('script-src') ?? policy.get('default-src')) : policy.get('default-src')
  return policy.get(directive) ?? (FETCH_DIRECTIVES.has(directive) ? (fallback ?? []) : [])
}

const FETCH_DIRECTIVES = new Set<Directive>(['script-src', 'style-src', 'img-src', 'media-src', 'font-src', 'connect-src', 'worker-src', 'manifest-src', 'frame-src', 'object-src'])

/** CSP's grammar for the sources a config may add: a host (with optional scheme, wildcard subdomain, port and path), a scheme, 'self', a hash. */
const SOURCE_EXPRESSION = new RegExp(
  [
    // scheme-source: https:, data:, blob:
    /^[a-z][a-z0-9+.-]*:$/,
    // host-source: [scheme://](*.)?host(:port)?(/path)?
    /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*|(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(?:\d{1,5}|\*))?(?:\/[^\s;,']*)?$/,
    // keyword and hash sources
    /^'self'$/,
    /^'(?:sha256|sha384|sha512)-[A-Za-z0-9+/]+={0,2}'$/,
  ]
    .map((pattern) => `(?:${pattern.source.slice(1, -1)})`)
    .join('|')
    .replace(/^/, '^(?:')
    .replace(/$/, ')$'),
  'i',
)

/** Why `source` cannot be added to a policy by the config, or undefined when it can. */
export function sourceProblem(source: string): string | undefined {
  if (/^'unsafe-/i.test(source)) return `${source} would undo the policy (inline or eval'd code would run); it is never added`
  if (/^'(none|strict-dynamic|report-sample|wasm-unsafe-eval)'$/i.test(source)) return `${source} is set by the build, not the config`
  if (source === '*') return '* allows every host; name the hosts'
  if (!SOURCE_EXPRESSION.test(source)) return `${JSON.stringify(source)} is not a CSP source (a host such as https://cdn.example.com, *.example.com or a scheme such as https:)`
  return undefined
}
