// https://vike.dev/description
import { blog, brand } from 'virtual:kube-site/config'
import type { PageContext } from 'vike/types'
import type { BlogListData } from '../../_lib/pageData.ts'
import { localeOfPage, localized } from '../../_lib/locales/pageLocale.ts'
import { siteText } from '../../_lib/text/siteText.ts'

export default (pageContext: PageContext<BlogListData>) => {
  const { page = 1, totalPages = 1, scope } = pageContext.data ?? {}
  const text = siteText(localeOfPage(pageContext)).blog
  const description = scope ? text[scope.kind].description(scope.name, scope.count, localized(brand, pageContext).name) : localized(blog, pageContext).description
  return page > 1 ? `${description} ${text.pageOf(page, totalPages)}.` : description
}
