// https://vike.dev/title
import { brand, hero } from 'virtual:kube-site/config'
import type { PageContext } from 'vike/types'
import { localized } from '../_lib/locales/pageLocale.ts'

export default (pageContext: PageContext) => `${localized(brand, pageContext).name}: ${localized(hero, pageContext).title}`
