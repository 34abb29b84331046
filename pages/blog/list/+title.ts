// https://vike.dev/title
import { blog, brand } from 'virtual:kube-site/config'
import type { PageContext } from 'vike/types'
import type { BlogListData } from '../../_lib/pageData.ts'
import { localeOfPage, localized } from '../../_lib/locales/pageLocale.ts'
import { siteText } from '../../_lib/text/siteText.ts'

export default (pageContext: PageContext<BlogListData>) => {
  const { page = 1, scope } = pageContext.data ?? {}
  const title = scope ? siteText(localeOfPage(pageContext)).blog[scope.kind].title(scope.name) : localized(blog, pageContext).title
  return `${title}${page > 1 ? ` (page ${page})` : ''} | ${localized(brand, pageContext).name}`
}
