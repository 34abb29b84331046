// https://vike.dev/description
import { brand } from 'virtual:kube-site/config'
import type { PageContext } from 'vike/types'
import { localized } from '../_lib/pageLocale.ts'

export default (pageContext: PageContext) => {
  const { name } = localized(brand, pageContext)
  return pageContext.is404
    ? `This page does not exist on the ${name} site. Return to the home page to find what you were looking for.`
    : `Something went wrong on the ${name} site.`
}
