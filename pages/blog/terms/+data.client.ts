// https://vike.dev/data in the browser: a move in place reads it from the page's HTML (see ../list/+data.client.ts).
import type { PageContextClient } from 'vike/types'
import type { TermIndexData } from '../../_lib/pageData.ts'
import { fetchPage } from '../../_lib/pageFromHtml.ts'
import { localeOfPage } from '../../_lib/locales/pageLocale.ts'
import { AUTHORS_URL, TAGS_URL } from '../../_lib/urls/urls.ts'

export default async function data(pageContext: PageContextClient): Promise<TermIndexData> {
  if (pageContext.isHydration) return pageContext.data as TermIndexData
  return (await fetchPage<TermIndexData>(pageContext.routeParams.kind === 'tag' ? TAGS_URL : AUTHORS_URL, localeOfPage(pageContext))).data
}
