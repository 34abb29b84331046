// https://vike.dev/description
import { brand } from 'virtual:kube-site/config'
import type { PageContext } from 'vike/types'

// The not-found page is noindex (SeoTags); its description still says what happened.
export default (pageContext: PageContext) =>
  pageContext.is404
    ? `This page does not exist on the ${brand.name} site. Return to the home page to find what you were looking for.`
    : `Something went wrong on the ${brand.name} site.`
