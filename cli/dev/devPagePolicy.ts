import { Parser } from 'htmlparser2'
import { hashSource, parsePolicy, parseSource, serializePolicy, type Policy } from '../security/contentSecurityPolicy.ts'
import { insertPolicy } from '../security/insertPolicy.ts'
import { readPage } from '../security/policyBreaches.ts'
import { policyError } from '../security/securePage.ts'
import { pagePolicy, type PagePolicies } from '../security/sitePolicies.ts'

// `kube-site dev` serves every page under the policy the build would give it, so a component
// that breaks it fails where it is written. Only what vite's client needs is added, and only here:
// - the inline module vike writes to load vite's client and the page's entry (with React's
//   refresh preamble): allowed by its hash, page by page;
// - 'unsafe-inline' styles: vite applies a module's CSS, and every edit to it, as a <style> it
//   inserts from script. The page as served is still checked without it: a style attribute or
//   a <style> a component writes is refused as the build refuses it;
// - the connection to vite's websocket (connect-src), for the reloads.

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

/**
 * `html`, rendered by vike's dev server, with the policy it carries in dev; throws the build's
 * error (PAGE_BREAKS_POLICY) when it holds what the build's policy would block.
 */
export function secureDevPage(html: string, { policies, page, origin }: DevPage): string {
  const built = parsePolicy(pagePolicy(policies, page, html))
  const strict = asPolicy(built)
  strict['script-src'] = [...(strict['script-src'] ?? []), ...devLoaders(html).map((text) => hashSource(text))]
  const { breaches } = readPage(insertPolicy(html, serializePolicy(strict)), { origin })
  if (breaches.length > 0) throw policyError(page, breaches)
  return insertPolicy(html, serializePolicy(devPolicy(strict, origin)))
}

/**
 * The policy a page is served with in dev: its own, with 'unsafe-inline' styles (a hash among
 * them would cancel it, and there is none to keep: vite writes the styles) and vite's websocket.
 */
export function devPolicy(policy: Policy, origin: string): Policy {
  // The origin is the request's Host header: its host, read by the URL parser, goes in only when
  // the policy's grammar can name it (an IPv6 address it cannot; CSP3's 'self' covers the socket).
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

/**
 * The output path of the page vike answered `pathname` with (after the base), as the build
 * names it: a page not found is the site's 404 page, wherever it was asked for.
 */
export function devPagePath(pathname: string, base: string, status: number): string {
  if (status === 404) return '404.html'
  const path = pathname.startsWith(base) ? pathname.slice(base.length) : pathname.replace(/^\//, '')
  return path === '' || path.endsWith('/') ? `${path}index.html` : path
}
