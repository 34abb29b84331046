import { resolveKey } from '../preview/resolveKey.ts'
import { finalPage, type RedirectingPage } from './checkRedirect.ts'
import type { PageRef } from './extractLinks.ts'
import type { Page, SiteIndex } from './siteIndex.ts'
import { finding, type Finding } from './findings.ts'
import { decodedUri } from '../util/decodedUri.ts'

/** Follows one reference of a page as object storage would serve it; external URLs give nothing. */
export async function checkReference(context: SiteIndex, page: Page, ref: PageRef): Promise<Finding[]> {
  const at = { page: page.url, target: ref.url }
  let url: URL
  try {
    url = new URL(ref.url, new URL(page.url, context.origin))
  } catch {
    return [finding(missingCode(ref), { ...at, message: `${ref.from} "${ref.url}" is not a valid URL` })]
  }
  // mailto:, tel:, data: and other sites are not ours to check.
  if (!/^https?:$/.test(url.protocol) || url.origin !== context.origin) return []
  const path = url.pathname
  const resolved = await resolveKey(path, context.base, (key) => (context.keys.has(key) ? key : undefined))
  switch (resolved.kind) {
    case 'redirect':
      return [
        finding('LINK_NEEDS_REDIRECT', {
          ...at,
          message: `${describe(ref, path)} has no trailing slash: object storage answers it with a redirect to ${path}/`,
          hint: `Write ${path}/${url.search}${url.hash}.`,
        }),
      ]
    case 'outside-base':
      return [
        finding(missingCode(ref), {
          ...at,
          message: `${describe(ref, path)} is outside the site's base ${context.base}, so object storage does not have it`,
          hint: `Write site paths through the base: ${context.base}${path.replace(/^\//, '')}.`,
        }),
      ]
    case 'file':
      return checkFileRef(context, page, ref, url, resolved.key)
    default:
      return [
        finding(missingCode(ref), {
          ...at,
          message: missingMessage(ref, path, context.shownOut),
          hint: ref.kind === 'image' ? 'Files in public/ are copied into the build as they are: add the image there, or fix the path.' : undefined,
        }),
      ]
  }
}

async function checkFileRef(context: SiteIndex, page: Page, ref: PageRef, url: URL, key: string): Promise<Finding[]> {
  let target = context.pages.get(key)
  if (!target || ref.kind === 'canonical') return []
  const problems: Finding[] = []
  if (target.redirect !== undefined) {
    // The redirect page's own problems are reported on it; a link's anchor is the landing page's.
    const landing = await finalPage(context, target as RedirectingPage)
    if (ref.kind === 'link') {
      problems.push(
        finding('LINK_TO_REDIRECT', {
          page: page.url,
          target: ref.url,
          message: `link to ${url.pathname} leads to a page that has moved${landing ? ` to ${landing.url}` : ''}`,
          hint: landing ? `Link to ${landing.url}${url.search}${url.hash} directly.` : undefined,
        }),
      )
    }
    if (!landing) return problems
    target = landing
  }
  const fragment = decodeFragment(url.hash)
  if (ref.kind === 'link' && fragment !== undefined && !target.facts.ids.has(fragment)) {
    const where = target === page ? 'this page' : target.url
    problems.push(
      finding('BROKEN_ANCHOR', {
        page: page.url,
        target: ref.url,
        message: `link to ${ref.url} names #${fragment}, but ${where} has no element with id="${fragment}"`,
      }),
    )
  }
  return problems
}

const missingCode = (ref: PageRef) =>
  ref.kind === 'image' ? 'MISSING_IMAGE' : ref.kind === 'asset' ? 'MISSING_ASSET' : ref.kind === 'canonical' ? 'BROKEN_CANONICAL' : 'BROKEN_LINK'

function missingMessage(ref: PageRef, path: string, shownOut: string): string {
  if (ref.kind === 'canonical') return `canonical URL ${ref.url} is not a page of this site`
  return `${describe(ref, path)} is not in ${shownOut}/ (object storage answers 404)`
}

/** 'link to /blog/', 'image /a.png', '<script src> /a.js': what the reference is, in a message. */
function describe(ref: PageRef, path: string): string {
  if (ref.kind === 'link') return ref.from === '<a href>' ? `link to ${path}` : `link to ${path} (${ref.from})`
  if (ref.kind === 'image') return `image ${path}`
  if (ref.kind === 'canonical') return `canonical URL ${ref.url}`
  return `${ref.from} ${path}`
}

/** The fragment a link names, or undefined when it names none that must exist ('', #top, text fragments). */
function decodeFragment(hash: string): string | undefined {
  if (hash.length <= 1 || hash.startsWith('#:~:')) return undefined
  const fragment = decodedUri(hash.slice(1)) ?? hash.slice(1)
  return fragment.toLowerCase() === 'top' ? undefined : fragment
}
