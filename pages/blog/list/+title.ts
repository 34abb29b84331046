// https://vike.dev/title
import { blog, brand } from 'virtual:kube-site/config'
import type { PageContext } from 'vike/types'
import type { BlogListData } from '../../_lib/pageData.ts'

export default (pageContext: PageContext<BlogListData>) => {
  const page = pageContext.data?.page ?? 1
  return `${blog.title}${page > 1 ? ` (page ${page})` : ''} | ${brand.name}`
}
