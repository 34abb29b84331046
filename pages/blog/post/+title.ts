// https://vike.dev/title
import { brand } from 'virtual:kube-site/config'
import type { PageContext } from 'vike/types'
import type { BlogPostData } from '../../_lib/pageData.ts'

export default (pageContext: PageContext<BlogPostData>) => `${pageContext.data.post.title} | ${brand.name}`
