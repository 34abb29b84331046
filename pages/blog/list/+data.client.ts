// https://vike.dev/data in the browser: a move in place reads the data from the list page's HTML (+data.ssr.ts, server only, is not fetched).
import type { PageContextClient } from 'vike/types'
import type { BlogListData } from '../../_lib/pageData.ts'
import { fetchPage } from '../../_lib/pageFromHtml.ts'
import { localeOfPage } from '../../_lib/locales/pageLocale.ts'
import { listPageUrl, listRoot } from '../../_lib/urls/urls.ts'
import { listOf } from './listOf.ts'

export default async function data(pageContext: PageContextClient): Promise<BlogListData> {
  // On the first load the page context in the page carries the data.
  if (pageContext.isHydration) return pageContext.data as BlogListData
  const { routeParams } = pageContext
  return (await fetchPage<BlogListData>(listPageUrl(listRoot(listOf(routeParams)), Number(routeParams.page)), localeOfPage(pageContext))).data
}
