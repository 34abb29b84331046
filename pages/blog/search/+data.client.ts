// https://vike.dev/data in the browser: a move in place reads it from the page's HTML (see ../list/+data.client.ts).
import type { PageContextClient } from 'vike/types'
import type { SearchPageData } from '../../_lib/pageData.ts'
import { fetchPage } from '../../_lib/pageFromHtml.ts'
import { localeOfPage } from '../../_lib/locales/pageLocale.ts'
import { SEARCH_URL } from '../../_lib/urls/urls.ts'

export default async function data(pageContext: PageContextClient): Promise<SearchPageData> {
  if (pageContext.isHydration) return pageContext.data as SearchPageData
  return (await fetchPage<SearchPageData>(SEARCH_URL, localeOfPage(pageContext))).data
}
