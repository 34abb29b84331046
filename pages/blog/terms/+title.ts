// https://vike.dev/title
import { brand } from 'virtual:kube-site/config'
import type { PageContext } from 'vike/types'
import { BLOG_TEXT } from '../../_lib/siteText.ts'
import type { TermIndexData } from '../../_lib/pageData.ts'

export default (pageContext: PageContext<TermIndexData>) => `${BLOG_TEXT.index[pageContext.data?.kind ?? 'tag'].title} | ${brand.name}`
