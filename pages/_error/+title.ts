// https://vike.dev/title
import { brand } from 'virtual:kube-site/config'
import type { PageContext } from 'vike/types'
import { localized } from '../_lib/pageLocale.ts'

export default (pageContext: PageContext) => {
  const { name } = localized(brand, pageContext)
  return pageContext.is404 ? `Page not found | ${name}` : `Error | ${name}`
}
