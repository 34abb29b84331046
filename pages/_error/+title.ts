// https://vike.dev/title
import config from 'virtual:kube-site/config'
import type { PageContext } from 'vike/types'

export default (pageContext: PageContext) => (pageContext.is404 ? `Page not found | ${config.brand.name}` : `Error | ${config.brand.name}`)
