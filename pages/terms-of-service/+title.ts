// https://vike.dev/title
import { legal, brand } from 'virtual:kube-site/config'
import type { PageContext } from 'vike/types'
import { localized } from '../_lib/locales/pageLocale.ts'

export default (pageContext: PageContext) => `${localized(legal, pageContext).termsOfService.title} | ${localized(brand, pageContext).name}`
