// https://vike.dev/description
import { brand } from 'virtual:kube-site/config'
import type { PageContext } from 'vike/types'
import type { TermIndexData } from '../../_lib/pageData.ts'
import { localeOfPage, localized } from '../../_lib/locales/pageLocale.ts'
import { siteText } from '../../_lib/text/siteText.ts'

export default (pageContext: PageContext<TermIndexData>) => siteText(localeOfPage(pageContext)).blog.index[pageContext.data?.kind ?? 'tag'].description(localized(brand, pageContext).name)
