// https://vike.dev/title
import { brand } from 'virtual:kube-site/config'
import type { PageContext } from 'vike/types'
import type { BlogPostData } from '../../_lib/pageData.ts'
import { localized } from '../../_lib/locales/pageLocale.ts'

export default (pageContext: PageContext<BlogPostData>) => `${pageContext.data.post.title} | ${localized(brand, pageContext).name}`
