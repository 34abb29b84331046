// https://vike.dev/description
import { site } from 'virtual:kube-site/config'
import type { PageContext } from 'vike/types'
import { localized } from '../_lib/locales/pageLocale.ts'

export default (pageContext: PageContext) => localized(site, pageContext).description
