import { createContext, useContext } from 'react'
import { siteLocales, type ByLocale } from 'virtual:kube-site/config'
import { withBase } from '../urls/href.ts'
import { localizedPath, type SiteLocale } from './locales.ts'
import { FALLBACKS_KEY, markFallbacks, type Fallbacks } from '../text/textLanguage.ts'

/** The locale of the page being rendered: the layout's from +onBeforeRoute.ts, an island root's from its server render (island.tsx). */
export const LocaleContext = createContext<SiteLocale>(siteLocales[0]!)

/** The locale of the page being rendered: the default locale's unless the page is under another's prefix. */
export const usePageLocale = (): SiteLocale => useContext(LocaleContext)

/** The locale of a page context: the one +onBeforeRoute.ts gave it, else the default. */
export const localeOfPage = (pageContext: { locale?: SiteLocale | undefined }): SiteLocale => pageContext.locale ?? siteLocales[0]!

/** The href of page path `path` in the rendered page's locale, under the base ('/blog/' → '/de/blog/'). Not for public/ files, which no locale copies: withBase. */
export function usePageHref(): (path: string) => string {
  const locale = usePageLocale()
  return (path) => withBase(localizedPath(locale, path))
}

/** The page's locale's value of a config key given by locale (`import { hero } from 'virtual:kube-site/config'`). */
export const useLocalized = <T>(value: ByLocale<T>): T => valueIn(value, usePageLocale())

/** A page context's locale's value of a config key given by locale: for vike's hooks (+title.ts…), which get no React context. */
export const localized = <T>(value: ByLocale<T>, pageContext: { locale?: SiteLocale | undefined }): T => valueIn(value, localeOfPage(pageContext))

/** `locale`'s value of a config key given by locale, each string that fell back on another language marked so (textLanguage.ts langOf). */
export function valueIn<T>(value: ByLocale<T>, locale: SiteLocale): T {
  if (!(locale.code in value)) throw new Error(`kube-site: the config module has no value for the locale ${JSON.stringify(locale.code)}`)
  const localized = value[locale.code]!
  const fallbacks = (value as { [FALLBACKS_KEY]?: Record<string, Fallbacks> })[FALLBACKS_KEY]?.[locale.code]
  if (fallbacks) markFallbacks(localized, fallbacks)
  return localized
}
