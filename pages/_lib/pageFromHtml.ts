import { parse } from '@brillout/json-serializer/parse'
import { withBase } from './urls/href.ts'
import { localizedPath, type SiteLocale } from './locales/locales.ts'
import { VIKE_PAGE_CONTEXT_ID } from './pageIds.ts'

// A move in place on the blog reads the next page's data from its prerendered HTML, with vike's own parser:
// no index.pageContext.json beside a page (a post's body is in its HTML only, and a list's would be a copy).

/**
 * The page at the site path `path` (as the default locale has it) in `locale`, as a document, and the
 * data vike serialized into it. Throws when it cannot load or has none: vike then loads the URL in full.
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
