// https://vike.dev/title
import { blog, brand } from 'virtual:kube-site/config'
import type { PageContext } from 'vike/types'
import { BLOG_TEXT } from '../../_lib/siteText.ts'
import type { BlogListData } from '../../_lib/pageData.ts'

export default (pageContext: PageContext<BlogListData>) => {
  const { page = 1, scope } = pageContext.data ?? {}
  const title = scope ? BLOG_TEXT[scope.kind].title(scope.name) : blog.title
  return `${title}${page > 1 ? ` (page ${page})` : ''} | ${brand.name}`
}
