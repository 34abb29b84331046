import { resolveKey } from '../preview/resolveKey.ts'
import type { Page, SiteIndex } from './siteIndex.ts'
import { finding, type Finding } from './findings.ts'

// A redirect page must land on a page in one hop (each more is a round trip, a loop never lands): the build refuses others, but a dist/ edited by hand may hold them.

/** A page that redirects: `redirect` is its target as written. */
export type RedirectingPage = Page & { redirect: string }

const HINT = 'Point each old URL at the page it moved to: redirects in site.config.ts, redirectFrom in a post.'

/** A redirect page's problems: a target that is not a page of the site, a chain, or a loop. */
export async function checkRedirect(context: SiteIndex, page: RedirectingPage): Promise<Finding[]> {
  const at = { page: page.url, target: page.redirect }
  const first = await redirectHop(context, page)
  if ('problem' in first) return [finding('BROKEN_REDIRECT', { ...at, message: `redirects to ${page.redirect}, which ${first.problem}`, hint: HINT })]
  if (first.page.redirect === undefined) return []
  const hops: Page[] = [page]
  let next: Page | undefined = first.page
  while (next?.redirect !== undefined && !hops.includes(next)) {
    hops.push(next)
    const hop = await redirectHop(context, next as RedirectingPage)
    next = 'page' in hop ? hop.page : undefined
  }
  const path = hops.map((hop) => hop.url)
  if (next && hops.includes(next)) return [finding('REDIRECT_LOOP', { ...at, message: `redirects in a loop: ${[...path, next.url].join(' → ')}`, hint: HINT })]
  return [
    finding('REDIRECT_CHAIN', {
      ...at,
      message: `redirects to ${first.page.url}, which redirects again: ${[...path, next?.url ?? '(no page)'].join(' → ')}`,
      hint: next ? `Redirect to ${next.url} directly.` : HINT,
    }),
  ]
}

/** The page a redirect page leads to at last, following every hop; undefined for a loop or a broken hop. */
export async function finalPage(context: SiteIndex, page: RedirectingPage): Promise<Page | undefined> {
  const seen = new Set<Page>([page])
  let current: Page = page
  while (current.redirect !== undefined) {
    const hop = await redirectHop(context, current as RedirectingPage)
    if ('problem' in hop || seen.has(hop.page)) return undefined
    seen.add(hop.page)
    current = hop.page
  }
  return current
}

/** Where a redirect page leads, one hop: the page there, or what is wrong with its target. */
async function redirectHop(context: SiteIndex, page: RedirectingPage): Promise<{ page: Page } | { problem: string }> {
  let url: URL
  try {
    url = new URL(page.redirect, new URL(page.url, context.origin))
  } catch {
    return { problem: 'is not a valid URL' }
  }
  if (!/^https?:$/.test(url.protocol) || url.origin !== context.origin) return { problem: 'is not a page of this site' }
  const resolved = await resolveKey(url.pathname, context.base, (key) => (context.keys.has(key) ? key : undefined))
  switch (resolved.kind) {
    case 'file': {
      const target = context.pages.get(resolved.key)
      return target ? { page: target } : { problem: 'is a file, not a page' }
    }
    case 'redirect':
      return { problem: `has no trailing slash: object storage answers it with one more redirect, to ${url.pathname}/` }
    case 'outside-base':
      return { problem: `is outside the site's base ${context.base}` }
    default:
      return { problem: `is not in ${context.shownOut}/ (object storage answers 404)` }
  }
}
