// https://vike.dev/title
import { brand } from 'virtual:kube-site/config'
import type { PageContext } from 'vike/types'

export default (pageContext: PageContext) => (pageContext.is404 ? `Page not found | ${brand.name}` : `Error | ${brand.name}`)
