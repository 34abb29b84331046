// The site's locales (DECISIONS.md, "Multilingual"): the default (config site.language) keeps every URL, each other (config locales) lives under its own prefix
// (/de/…). A locale's prefix, name and direction, and the locale of a URL path, for the pages and the CLI alike. Pure.
import { textDirection } from './siteLocale.ts'
import { postUrl } from '../urls/urls.ts'

export interface SiteLocale {
  /** Its BCP 47 tag, canonical ('de', 'pt-BR', 'zh-Hant'): `<html lang>`, hreflang, Intl. */
  code: string
  /** Its name in its own language ('Deutsch', '日本語'): the language switcher shows it. */
  name: string
  /** The direction of its text (`<html dir>`). */
  direction: 'ltr' | 'rtl'
  /** The prefix of its URLs: '' for the default locale, '/de' for another ('/pt-br': lower case, as paths are). */
  prefix: string
}

/** A locale as the config gives it: its tag, and optionally its name and direction. */
export interface LocaleSettings { code: string; name?: string | undefined; direction?: 'ltr' | 'rtl' | undefined }

/** The name of the language `code` in the language `language`, as it stands in a sentence ('en' in 'de' → 'Englisch'). */
export const languageNameIn = (code: string, language: string): string => new Intl.DisplayNames([language], { type: 'language' }).of(code) ?? code

/** The name of the language `code` in that language, capitalised as it starts a label ('fr-CA' → 'Français canadien'). */
export function localeName(code: string): string {
  const name = languageNameIn(code, code)
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1)
}

/** The URL prefix of a locale that is not the default: '/' and its tag in lower case. */
export const localePrefix = (code: string): string => `/${code.toLowerCase()}`

const siteLocale = ({ code, name, direction }: LocaleSettings, prefix: string): SiteLocale => ({ code, name: name ?? localeName(code), direction: textDirection(code, direction), prefix })

/** Every locale of a site, the default (site.language) first, then the config's others in their order. */
export function siteLocales(site: { language: string; direction?: 'ltr' | 'rtl' | undefined }, others: readonly LocaleSettings[] = []): SiteLocale[] {
  return [siteLocale({ code: site.language, direction: site.direction }, ''), ...others.map((other) => siteLocale(other, localePrefix(other.code)))]
}

/** Whether `locale` is the site's default, whose URLs carry no prefix. */
export const isDefaultLocale = (locale: SiteLocale): boolean => locale.prefix === ''

/** The site path `path` (as the default locale has it) in `locale` ('/blog/' → '/de/blog/'); anchors, queries and absolute URLs as they are. */
export function localizedPath(locale: SiteLocale, path: string): string {
  if (!locale.prefix || !path.startsWith('/') || path.startsWith('//')) return path
  return `${locale.prefix}${path}`
}

/** The path of the page of a post of `locale`: '/blog/<slug>/' under the locale's prefix. */
export const localePostUrl = (locale: SiteLocale, slug: string): string => localizedPath(locale, postUrl(slug))

/** What routing takes from `pathname`'s locale (vike.dev/i18n): the locale and, under another's prefix, the URL routed in its place ('/de/blog/x/' → '/blog/x/'). */
export function localeRoute(locales: readonly SiteLocale[], pathname: string, search = ''): { locale: SiteLocale; urlLogical?: string } {
  const { locale, path } = splitLocalePath(locales, pathname)
  return isDefaultLocale(locale) ? { locale } : { locale, urlLogical: `${path}${search}` }
}

/** `pathname` without `prefix` ('/de'), in any case, when under it ('/de/blog/x/' → '/blog/x/', '/DE' → '/'); undefined when not. */
export const underPrefix = (prefix: string, pathname: string): string | undefined =>
  prefix !== '' && `${pathname.toLowerCase()}/`.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) || '/' : undefined

/** Which of `locales` (the default first) `pathname` is in, and its default-locale path ('/de/blog/x/' → de, '/blog/x/'; '/deutsch/' → the default, itself). */
export function splitLocalePath(locales: readonly SiteLocale[], pathname: string): { locale: SiteLocale; path: string } {
  for (const locale of locales) {
    const path = underPrefix(locale.prefix, pathname)
    if (path !== undefined) return { locale, path }
  }
  return { locale: locales[0]!, path: pathname }
}
