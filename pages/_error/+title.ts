// https://vike.dev/title
import { brand } from 'virtual:kube-site/config'
import type { PageContext } from 'vike/types'
import { localeOfPage, localized } from '../_lib/locales/pageLocale.ts'
import { siteText } from '../_lib/text/siteText.ts'

export default (pageContext: PageContext) => {
  const { name } = localized(brand, pageContext)
  const { ui } = siteText(localeOfPage(pageContext))
  return pageContext.is404 ? ui.notFoundTitle(name) : ui.errorTitle(name)
}
