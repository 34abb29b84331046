// https://vike.dev/description
import type { PageContext } from 'vike/types'
import type { BlogPostData } from '../../_lib/pageData.ts'

export default (pageContext: PageContext<BlogPostData>) => pageContext.data.post.excerpt
