// https://vike.dev/description
import { blog, brand } from 'virtual:kube-site/config'
import type { PageContext } from 'vike/types'
import { BLOG_TEXT } from '../../_lib/siteText.ts'
import type { BlogListData } from '../../_lib/pageData.ts'

// Each list page gets its own description: the blog's, a tag's or an author's, then which page it is.
export default (pageContext: PageContext<BlogListData>) => {
  const { page = 1, totalPages = 1, scope } = pageContext.data ?? {}
  const description = scope ? BLOG_TEXT[scope.kind].description(scope.name, scope.count, brand.name) : blog.description
  return page > 1 ? `${description} ${BLOG_TEXT.pageOf(page, totalPages)}.` : description
}
