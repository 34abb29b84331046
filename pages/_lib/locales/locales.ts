// The site's locales (DECISIONS.md, "Multilingual"): the default one (config site.language), which
// keeps every URL the site has, and the others (config locales), each under its own prefix
// (/de/, /de/blog/…). Decided here, for the pages and the CLI alike: a locale's prefix, its name,
// its direction, and which locale a URL path is in. Pure: no config module, no pageContext.
import { textDirection } from './siteLocale.ts'
import { postUrl } from '../urls/urls.ts'

export interface SiteLocale {
  /** Its BCP 47 tag, canonical ('de', 'pt-BR', 'zh-Hant'): `<html lang>`, hreflang, Intl. */
  code: string
  /** Its name in its own language ('Deutsch', '日本語', 'العربية'): the language switcher shows it. */
  name: string
  /** The direction of its text (`<html dir>`). */
  direction: 'ltr' | 'rtl'
  /** The prefix of its URLs: '' for the default locale, '/de' for another ('/pt-br': lower case, as paths are). */
  prefix: string
}

/** A locale as the config gives it: its tag, and optionally its name and direction. */
export interface LocaleSettings {
  code: string
  name?: string | undefined
  direction?: 'ltr' | 'rtl' | undefined
}

/** The name of the language `code` in the language `language`, as it stands in a sentence ('en' in 'de' → 'Englisch', in 'fr' → 'anglais'). */
export const languageNameIn = (code: string, language: string): string => new Intl.DisplayNames([language], { type: 'language' }).of(code) ?? code

/** The name of the language `code` in that language, capitalised as it starts a label ('de' → 'Deutsch', 'fr-CA' → 'Français canadien'). */
export function localeName(code: string): string {
  const name = languageNameIn(code, code)
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1)
}

/** The URL prefix of a locale that is not the default: '/' and its tag in lower case. */
export const localePrefix = (code: string): string => `/${code.toLowerCase()}`

const siteLocale = ({ code, name, direction }: LocaleSettings, prefix: string): SiteLocale => ({
  code,
  name: name ?? localeName(code),
  direction: textDirection(code, direction),
  prefix,
})

/** Every locale of a site, the default (site.language) first, then the config's others in their order. */
export function siteLocales(site: { language: string; direction?: 'ltr' | 'rtl' | undefined }, others: readonly LocaleSettings[] = []): SiteLocale[] {
  return [siteLocale({ code: site.language, direction: site.direction }, ''), ...others.map((other) => siteLocale(other, localePrefix(other.code)))]
}

/** Whether `locale` is the site's default, whose URLs carry no prefix. */
export const isDefaultLocale = (locale: SiteLocale): boolean => locale.prefix === ''

/**
 * The path of the site path `path` (as the default locale has it) in `locale`: '/blog/' →
 * '/de/blog/', '/' → '/de/'. Anchors, queries and absolute URLs are not site paths and are
 * returned as they are.
 */
export function localizedPath(locale: SiteLocale, path: string): string {
  if (!locale.prefix || !path.startsWith('/') || path.startsWith('//')) return path
  return `${locale.prefix}${path}`
}

/** The path of the page of a post of `locale`: '/blog/<slug>/' under the locale's prefix. */
export const localePostUrl = (locale: SiteLocale, slug: string): string => localizedPath(locale, postUrl(slug))

/**
 * What routing takes from the locale of the URL path `pathname` (https://vike.dev/i18n): the
 * locale, and under another locale's prefix the URL routed in its place, its path in the default
 * locale with `search` ('/de/blog/x/' → de and '/blog/x/'). The default locale's URLs are routed
 * as they are.
 */
export function localeRoute(locales: readonly SiteLocale[], pathname: string, search = ''): { locale: SiteLocale; urlLogical?: string } {
  const { locale, path } = splitLocalePath(locales, pathname)
  return isDefaultLocale(locale) ? { locale } : { locale, urlLogical: `${path}${search}` }
}

/**
 * Which of `locales` the URL path `pathname` is in, and the path it has in the default locale
 * ('/de/blog/x/' → de and '/blog/x/'; '/de' → de and '/'; '/deutsch/' → the default and itself).
 * `locales[0]` is the default.
 */
export function splitLocalePath(locales: readonly SiteLocale[], pathname: string): { locale: SiteLocale; path: string } {
  const lower = pathname.toLowerCase()
  for (const locale of locales) {
    if (!locale.prefix) continue
    if (lower === locale.prefix) return { locale, path: '/' }
    if (lower.startsWith(`${locale.prefix}/`)) return { locale, path: pathname.slice(locale.prefix.length) }
  }
  return { locale: locales[0]!, path: pathname }
}
