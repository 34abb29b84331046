// https://vike.dev/description
import { blog } from 'virtual:kube-site/config'
import type { PageContext } from 'vike/types'
import { BLOG_TEXT } from '../../_lib/blogText.ts'
import type { BlogListData } from '../../_lib/pageData.ts'

// Each list page gets its own description: the blog's, then which page it is.
export default (pageContext: PageContext<BlogListData>) => {
  const { page = 1, totalPages = 1 } = pageContext.data ?? {}
  return page > 1 ? `${blog.description} ${BLOG_TEXT.pageOf(page, totalPages)}.` : blog.description
}
