import picomatch from 'picomatch'

/** A Cache-Control rule of site.config.ts (`deploy.cacheControl`): a glob on the path in dist/. */
export interface CacheRule {
  match: string
  value: string
}

/** Content-hashed files: a new build gives changed content a new name, so a copy never goes stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Documents whose URL stays while their content changes: caches ask every time (a cheap 304). */
export const REVALIDATE = 'public, max-age=0, must-revalidate'
/** Other files from public/ (images, PDFs, favicon): stable URLs, rare edits, an hour stale at most. */
export const MEDIUM = 'public, max-age=3600'

// HTML, client-routing data, twins and the files that list pages (feeds, sitemap, robots, llms.txt, search shard list) must change together with their pages.
const DOCUMENT =
  /(^|\/)([^/]*\.html?|[^/]*\.pageContext\.json|index\.md|robots\.txt|llms\.txt|sitemap[^/]*\.xml|[^/]*\.(rss|atom)|(rss|atom|feed)\.(xml|json))$|^blog\/search\/shards\.json$/

/** Whether a path in dist/ is a page or describes pages (uploaded last, never cached stale). */
export const isDocument = (path: string): boolean => DOCUMENT.test(path)

/** Whether a path in dist/ is one of vike's content-hashed build files. */
export const isHashedAsset = (path: string): boolean => path.startsWith('assets/')

const compiled = new WeakMap<readonly CacheRule[], Array<{ test: (path: string) => boolean; value: string }>>()

function compile(rules: readonly CacheRule[]) {
  let matchers = compiled.get(rules)
  if (!matchers) {
    matchers = rules.map(({ match, value }) => ({ test: picomatch(match.replace(/^\/+/, ''), { dot: true }), value }))
    compiled.set(rules, matchers)
  }
  return matchers
}

/** The Cache-Control of a path in dist/: the first matching rule of the config, else the defaults. */
export function cacheControlFor(path: string, rules: readonly CacheRule[] = []): string {
  for (const { test, value } of compile(rules)) if (test(path)) return value
  if (isHashedAsset(path)) return IMMUTABLE
  if (isDocument(path)) return REVALIDATE
  return MEDIUM
}
