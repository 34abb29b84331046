import { siteLocales as SITE_LOCALES } from 'virtual:kube-site/config'
import { usePageContext } from 'vike-react/usePageContext'
import { languageLinks, type LanguageLink } from './languageLinks.ts'
import type { SiteLocale } from './locales.ts'
import { renderedPageKey, type TranslationKeys } from './pageTranslations.ts'

/**
 * The language switcher's entries on the page being rendered (languageLinks.ts): none on a site
 * of one language. A post's and a legal page's translations come with their data, so the blog,
 * moving in place, gets the new post's with it.
 */
export function useLanguageLinks(): LanguageLink[] {
  const pageContext = usePageContext()
  if (SITE_LOCALES.length < 2) return []
  const key = renderedPageKey({ urlPathname: pageContext.urlPathname, locale: (pageContext as { locale?: SiteLocale }).locale })
  const data = pageContext.is404 ? undefined : (pageContext.data as { translations?: TranslationKeys } | undefined)
  return languageLinks(SITE_LOCALES, key, data?.translations)
}
