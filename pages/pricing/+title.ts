// https://vike.dev/title
import { brand } from 'virtual:kube-site/config'
import type { PageContext } from 'vike/types'
import { localeOfPage, localized } from '../_lib/locales/pageLocale.ts'
import { siteText } from '../_lib/text/siteText.ts'

export default (pageContext: PageContext) => siteText(localeOfPage(pageContext)).ui.pricingTitle(localized(brand, pageContext).name)
