import { Parser } from 'htmlparser2'
import { hashSource, parsePolicy, parseSource, serializePolicy, type Policy } from '../security/contentSecurityPolicy.ts'
import { insertPolicy } from '../security/insertPolicy.ts'
import { readPage } from '../security/policyBreaches.ts'
import { policyError } from '../security/securePage.ts'
import { pagePolicy, type PagePolicies } from '../security/sitePolicies.ts'

// `kube-site dev` serves pages under the build's policy, so a breaking component fails where written, plus what vite's client
// needs: its loader by hash, 'unsafe-inline' styles (the page itself still checked without), its websocket.

/** Whether an inline script is vike's dev loader: the module that imports vite's client. */
export const isDevClientLoader = (text: string): boolean => /\bimport\s*\(\s*["'][^"']*\/@vite\/client["']\s*\)/.test(text)

export interface DevPage {
  /** The page's policies, from the content as it is now (createContentState). */
  policies: PagePolicies
  /** The page's path, as in the output: `blog/some-post/index.html`, `404.html`. */
  page: string
  /** The dev server's origin, as the browser reached it (`http://127.0.0.1:5173`). */
  origin: string
}

/** `html` from vike's dev server with its dev policy; throws the build's PAGE_BREAKS_POLICY when it holds what the build would block. */
export function secureDevPage(html: string, { policies, page, origin }: DevPage): string {
  const built = parsePolicy(pagePolicy(policies, page, html))
  const strict = asPolicy(built)
  strict['script-src'] = [...(strict['script-src'] ?? []), ...devLoaders(html).map((text) => hashSource(text))]
  const { breaches } = readPage(insertPolicy(html, serializePolicy(strict)), { origin })
  if (breaches.length > 0) throw policyError(page, breaches)
  return insertPolicy(html, serializePolicy(devPolicy(strict, origin)))
}

/** A page's dev policy: its own, with 'unsafe-inline' styles (no hash among them, which would cancel it) and vite's websocket. */
export function devPolicy(policy: Policy, origin: string): Policy {
  // The Host header's host, read by the URL parser, only when the grammar can name it (not IPv6; 'self' covers the socket).
  const host = URL.parse(origin)?.host
  const websocket = host !== undefined && parseSource(`ws://${host}`)?.kind === 'host' ? [`ws://${host}`] : []
  const styles = (policy['style-src'] ?? ["'self'"]).filter((source) => !/^'(?:sha\d+|nonce)-/.test(source) && source !== "'none'")
  return { ...policy, 'style-src': [...styles, "'unsafe-inline'"], 'connect-src': [...(policy['connect-src'] ?? []).filter((source) => source !== "'none'"), ...websocket] }
}

/** The text of each inline script of the page that is vike's dev loader. */
function devLoaders(html: string): string[] {
  const loaders: string[] = []
  let text: string | undefined
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script' && attributes.src === undefined) text = ''
      },
      ontext(chunk) {
        if (text !== undefined) text += chunk
      },
      onclosetag(name) {
        if (name !== 'script' || text === undefined) return
        if (isDevClientLoader(text)) loaders.push(text)
        text = undefined
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  )
  parser.end(html)
  return loaders
}

const asPolicy = (parsed: Map<string, string[]>): Policy => Object.fromEntries(parsed) as Policy

/** The output path of the page vike answered `pathname` with, as the build names it: a page not found is the 404 page. */
export function devPagePath(pathname: string, base: string, status: number): string {
  if (status === 404) return '404.html'
  const path = pathname.startsWith(base) ? pathname.slice(base.length) : pathname.replace(/^\//, '')
  return path === '' || path.endsWith('/') ? `${path}index.html` : path
}
