// Which pages are the same page in another locale (DECISIONS.md, "Multilingual") for hreflang, the sitemap and the switcher. Pure. Home, pricing,
// the blog's first page and the tag and author indexes are in every locale; a post's versions translate the same original; a legal page is in a
// locale only where its config gives the document differently (showsOwn); the other pages have no translations.
import type { LocaleContent, SiteContent } from '../../../cli/generator/siteContent.ts'
import { localesOf } from '../../../cli/generator/siteContent.ts'
import type { SiteConfig } from '../../../cli/content/types.ts'
import { pagePath } from '../urls/absoluteUrl.ts'
import { isDefaultLocale, localePostUrl, localizedPath, splitLocalePath, type SiteLocale } from './locales.ts'
import { AUTHORS_URL, HOME_URL, PRICING_URL, PRIVACY_POLICY_URL, TAGS_URL, TERMS_OF_SERVICE_URL, blogPageUrl, postSlugOf } from '../urls/urls.ts'

/** A page in one locale: the locale, and the page's key there (its URL path, '/de/blog/'). */
export type PageTranslation = { locale: SiteLocale; key: string }

/** What pageTranslations reads of the content: every locale's config and posts. */
export type TranslatedContent = Pick<SiteContent, 'config' | 'posts' | 'locale' | 'locales'>

/** The pages every locale has, by their path in the default locale. */
const IN_EVERY_LOCALE: ReadonlySet<string> = new Set([HOME_URL, PRICING_URL, blogPageUrl(1), TAGS_URL, AUTHORS_URL])

/** The page of each legal document of the config, by its path in the default locale. */
export const LEGAL_PAGE_URLS: Readonly<Record<keyof SiteConfig['legal'], string>> = { privacyPolicy: PRIVACY_POLICY_URL, termsOfService: TERMS_OF_SERVICE_URL }

/** The legal pages, by their path, and the document of the config each shows. */
const LEGAL_PAGES: ReadonlyMap<string, keyof SiteConfig['legal']> = new Map(Object.entries(LEGAL_PAGE_URLS).map(([document, url]) => [url, document as keyof SiteConfig['legal']]))

/** Whether a locale's `config` has its own page of the part `own` picks (a legal document), not the default's: the one rule for pages built, lent and their versions. */
export function showsOwn(own: (config: SiteConfig) => unknown, config: SiteConfig, defaultConfig: SiteConfig): boolean {
  return config === defaultConfig || JSON.stringify(own(config)) !== JSON.stringify(own(defaultConfig))
}

/** What a legal page shows of its locale's config: its document. */
export const legalDocument = (document: keyof SiteConfig['legal']) => (config: SiteConfig): unknown => config.legal[document]

/** The slug of the original a post translates: its translationOf, else its own (a default-locale post is its own original). */
const originOf = (post: { slug: string; translationOf?: string | undefined }): string => post.translationOf ?? post.slug

/** Every locale's posts: each post's original by its locale and slug, and the versions of each original. */
interface PostIndex { originOf: Map<string, Map<string, string>>; versions: Map<string, PageTranslation[]> }

/** Made once per list of locales: a site's pages all ask it. */
const postIndexes = new WeakMap<readonly LocaleContent[], PostIndex>()

function postIndex(locales: readonly LocaleContent[]): PostIndex {
  let index = postIndexes.get(locales)
  if (index) return index
  index = { originOf: new Map(), versions: new Map() }
  for (const { locale, posts } of locales) {
    const origins = new Map<string, string>()
    index.originOf.set(locale.code, origins)
    for (const post of posts) {
      const origin = originOf(post)
      origins.set(post.slug, origin)
      const versions = index.versions.get(origin) ?? []
      // hreflang names each language once: should a locale have two translations of one original, the newest stands.
      if (!versions.some((version) => version.locale.code === locale.code)) versions.push({ locale, key: localePostUrl(locale, post.slug) })
      index.versions.set(origin, versions)
    }
  }
  postIndexes.set(locales, index)
  return index
}

/** The versions of the page at `key` its path alone decides (every locale's, or itself); undefined for a post or a legal page. The browser asks it (useLanguageLinks). */
export function pathTranslations(locales: readonly SiteLocale[], key: string): PageTranslation[] | undefined {
  const { locale, path } = splitLocalePath(locales, key)
  if (locales.length < 2) return [{ locale, key }]
  if (IN_EVERY_LOCALE.has(path)) return locales.map((each) => ({ locale: each, key: localizedPath(each, path) }))
  if (LEGAL_PAGES.has(path) || postSlugOf(path) !== undefined) return undefined
  return [{ locale, key }]
}

/** The page at `key` ('/de/blog/x/') in every locale that has it, itself included, the default's first; nothing for a key that is no page. */
export function pageTranslations(content: TranslatedContent, key: string): PageTranslation[] {
  const locales = localesOf(content)
  const siteLocales = locales.map((entry) => entry.locale)
  const known = pathTranslations(siteLocales, key)
  if (known) return known
  const { locale, path } = splitLocalePath(siteLocales, key)
  const document = LEGAL_PAGES.get(path)
  if (document) {
    const having = locales.filter((entry) => showsOwn(legalDocument(document), entry.config, locales[0]!.config))
    if (!having.some((entry) => entry.locale.code === locale.code)) return []
    return having.map((entry) => ({ locale: entry.locale, key: localizedPath(entry.locale, path) }))
  }
  const index = postIndex(locales)
  const origin = index.originOf.get(locale.code)?.get(postSlugOf(path)!)
  return origin === undefined ? [] : index.versions.get(origin)!
}

/** Each locale's key of a page, by the locale's code: what a page's data carries of its translations. */
export type TranslationKeys = Record<string, string>

/** The keys of the translations of the page at `key`, for its data (the switcher reads them in the browser too); undefined without any. */
export function translationKeys(content: TranslatedContent, key: string): TranslationKeys | undefined {
  const translations = pageTranslations(content, key)
  return translations.length < 2 ? undefined : Object.fromEntries(translations.map((translation) => [translation.locale.code, translation.key]))
}

/** A page's hreflang link: the language (or 'x-default') and the page's absolute URL. */
export type AlternateLink = { hreflang: string; href: string }

/** The hreflang links of a page: one per translation, itself included, and x-default; none without a translation. The same set on every version: reciprocal. */
export function alternateLinks(translations: readonly PageTranslation[], url: (key: string) => string): AlternateLink[] {
  if (translations.length < 2) return []
  const links = translations.map(({ locale, key }) => ({ hreflang: locale.code, href: url(key) }))
  const original = translations.find(({ locale }) => isDefaultLocale(locale))
  return original ? [...links, { hreflang: 'x-default', href: url(original.key) }] : links
}

/** The key of the page a page context renders: after +onBeforeRoute (vike.dev/i18n) urlPathname is the default locale's path, `locale` the locale. */
export function renderedPageKey({ urlPathname, locale }: { urlPathname: string; locale?: SiteLocale | undefined }): string {
  const path = pagePath(urlPathname)
  return locale ? localizedPath(locale, path) : path
}
