import { siteLocales as SITE_LOCALES } from 'virtual:kube-site/config'
import { usePageContext } from 'vike-react/usePageContext'
import { languageLinks, type LanguageLink } from './languageLinks.ts'
import type { SiteLocale } from './locales.ts'
import { renderedPageKey, type TranslationKeys } from './pageTranslations.ts'

/** The language switcher's entries on the rendered page (languageLinks.ts); a post's translations come with its data, so a move in place brings them. */
export function useLanguageLinks(): LanguageLink[] {
  const pageContext = usePageContext()
  if (SITE_LOCALES.length < 2) return []
  const key = renderedPageKey({ urlPathname: pageContext.urlPathname, locale: (pageContext as { locale?: SiteLocale }).locale })
  const data = pageContext.is404 ? undefined : (pageContext.data as { translations?: TranslationKeys } | undefined)
  return languageLinks(SITE_LOCALES, key, data?.translations)
}
