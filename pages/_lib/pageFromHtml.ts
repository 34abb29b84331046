import { parse } from '@brillout/json-serializer/parse'
import { withBase } from './urls/href.ts'
import { localizedPath, type SiteLocale } from './locales/locales.ts'
import { VIKE_PAGE_CONTEXT_ID } from './pageIds.ts'

// A move in place on the blog reads the next page's data from that page's prerendered HTML: the
// page context vike serializes into every page it renders, read with vike's own parser (the one
// its client router reads it with on a first load). No page has an index.pageContext.json beside
// it: a post's body is in its HTML only, so the post's page had to be fetched anyway, and a list
// page's file was a second copy of what its HTML carries (2,000 files at 4,000 posts).

/**
 * The page at the site path `path` (a URL without the base, as the default locale has it) in
 * `locale`, as a document, and the data vike
 * serialized into it. Throws when the page cannot be loaded or carries none: vike's client router
 * then loads the URL in full, as a first visit would.
 */
export async function fetchPage<Data>(path: string, locale: SiteLocale): Promise<{ page: Document; data: Data; url: string }> {
  const url = withBase(localizedPath(locale, path))
  const response = await fetch(url)
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`)
  const page = new DOMParser().parseFromString(await response.text(), 'text/html')
  const serialized = page.getElementById(VIKE_PAGE_CONTEXT_ID)?.textContent
  if (!serialized) throw new Error(`${url} has no page context in it`)
  const { data } = parse(serialized) as { data?: Data }
  if (data === undefined) throw new Error(`${url} has no page data in it`)
  return { page, data, url }
}
