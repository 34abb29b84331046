// The language switcher's entries: every locale by its name, each leading to the same page in that locale (pageTranslations.ts), else to its blog from the
// blog, else to its home. Pure: the header computes them on the server, the blog again in the browser on each move in place.
import { localizedPath, splitLocalePath, type SiteLocale } from './locales.ts'
import { pathTranslations, type TranslationKeys } from './pageTranslations.ts'
import { HOME_URL, blogPageUrl, isClientRouted } from '../urls/urls.ts'

/** An entry of the language switcher. */
export interface LanguageLink {
  /** The locale's BCP 47 tag: the link's lang and hreflang. */
  code: string
  /** The locale's name in its own language. */
  name: string
  direction: 'ltr' | 'rtl'
  /** The site path it leads to (without the base). */
  href: string
  /** Whether it is the page's own locale (shown, not a link). */
  current: boolean
}

/** The switcher's entries on the page at `key`, the default locale first; `translations` from its data (a post, a legal page), else its path. None with one locale. */
export function languageLinks(locales: readonly SiteLocale[], key: string, translations?: TranslationKeys): LanguageLink[] {
  if (locales.length < 2) return []
  const { locale: current, path } = splitLocalePath(locales, key)
  const keys = translations ?? Object.fromEntries((pathTranslations(locales, key) ?? []).map((translation) => [translation.locale.code, translation.key]))
  // A reader on the blog (a post without this translation, a tag, a later page) stays on the blog.
  const fallback = isClientRouted(path) ? blogPageUrl(1) : HOME_URL
  return locales.map((locale) => ({
    code: locale.code,
    name: locale.name,
    direction: locale.direction,
    href: locale.code === current.code ? key : (keys[locale.code] ?? localizedPath(locale, fallback)),
    current: locale.code === current.code,
  }))
}
