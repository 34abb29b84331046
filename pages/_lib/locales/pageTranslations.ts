// Which pages are the same page in another locale (DECISIONS.md, "Multilingual"; I18N-NOTES.md,
// "hreflang"): decided here once, for the head's hreflang and og:locale:alternate (SeoTags), the
// sitemap's alternates (cli/generator/siteFiles/writeSiteFiles.ts) and the language switcher. Pure: the
// content in, the versions of a page out.
//
// - home, pricing, the blog's first list page and the indexes of tags and authors exist in every
//   locale: each is the others' translation;
// - a post's versions are the posts that translate the same original (Post.translationOf, or the
//   post's own slug: a translation shares its original's file name, so its slug);
// - a legal page exists in a locale only when that locale's config gives the document differently
//   from the default's (showsOwn; else its footer links to the default's page: no fallback copy);
// - the other pages (a list's later pages, a tag's or an author's, the search page, the 404 page)
//   show what their locale has, which is not the same content elsewhere: no translations.
import type { LocaleContent, SiteContent } from '../../../cli/generator/siteContent.ts'
import { localesOf } from '../../../cli/generator/siteContent.ts'
import type { SiteConfig } from '../../../cli/content/types.ts'
import { pagePath } from '../urls/absoluteUrl.ts'
import { isDefaultLocale, localePostUrl, localizedPath, splitLocalePath, type SiteLocale } from './locales.ts'
import { AUTHORS_URL, HOME_URL, PRICING_URL, PRIVACY_POLICY_URL, TAGS_URL, TERMS_OF_SERVICE_URL, blogPageUrl, postSlugOf } from '../urls/urls.ts'

/** A page in one locale: the locale, and the page's key there (its URL path, '/de/blog/'). */
export interface PageTranslation {
  locale: SiteLocale
  key: string
}

/** What pageTranslations reads of the content: every locale's config and posts. */
export type TranslatedContent = Pick<SiteContent, 'config' | 'posts' | 'locale' | 'locales'>

/** The pages every locale has, by their path in the default locale. */
const IN_EVERY_LOCALE: ReadonlySet<string> = new Set([HOME_URL, PRICING_URL, blogPageUrl(1), TAGS_URL, AUTHORS_URL])

/** The page of each legal document of the config, by its path in the default locale. */
export const LEGAL_PAGE_URLS: Readonly<Record<keyof SiteConfig['legal'], string>> = { privacyPolicy: PRIVACY_POLICY_URL, termsOfService: TERMS_OF_SERVICE_URL }

/** The legal pages, by their path, and the document of the config each shows. */
const LEGAL_PAGES: ReadonlyMap<string, keyof SiteConfig['legal']> = new Map(Object.entries(LEGAL_PAGE_URLS).map(([document, url]) => [url, document as keyof SiteConfig['legal']]))

/**
 * Whether a locale whose config is `config` has a page of its own that shows `own` of its config
 * (a legal document), rather than lending the default locale's: the default always, another when
 * its config gives that part differently (its own text). The one rule for the pages the build
 * writes (routes.ts localePages), the pages a locale links to in the default's (pagesLentBy), and
 * the versions of such a page (hreflang, the sitemap's alternates, the switcher).
 */
export function showsOwn(own: (config: SiteConfig) => unknown, config: SiteConfig, defaultConfig: SiteConfig): boolean {
  return config === defaultConfig || JSON.stringify(own(config)) !== JSON.stringify(own(defaultConfig))
}

/** What a legal page shows of its locale's config: its document. */
export const legalDocument =
  (document: keyof SiteConfig['legal']) =>
  (config: SiteConfig): unknown =>
    config.legal[document]

/** Whether `entry`'s locale has a page of the legal document `document` (showsOwn). */
export function hasLegalPage(entry: LocaleContent, defaultEntry: LocaleContent, document: keyof SiteConfig['legal']): boolean {
  return entry === defaultEntry || showsOwn(legalDocument(document), entry.config, defaultEntry.config)
}

/** The slug of the original a post translates: its translationOf, else its own (a default-locale post is its own original). */
const originOf = (post: { slug: string; translationOf?: string | undefined }): string => post.translationOf ?? post.slug

/** Every locale's posts: each post's original by its locale and slug, and the versions of each original. */
interface PostIndex {
  originOf: Map<string, Map<string, string>>
  versions: Map<string, PageTranslation[]>
}

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
      // One version a locale (hreflang names each language once): the content layer refuses two
      // translations of one original in a locale; should two come, the first (newest) stands.
      if (!versions.some((version) => version.locale.code === locale.code)) versions.push({ locale, key: localePostUrl(locale, post.slug) })
      index.versions.set(origin, versions)
    }
  }
  postIndexes.set(locales, index)
  return index
}

/**
 * The versions of the page at `key` that its path alone decides, among `locales` (the default
 * first): every locale's for a page every locale has, itself alone for a page without
 * translations; undefined for a post or a legal page, whose versions the content decides. The
 * browser asks this of a blog page it moves to (useLanguageLinks).
 */
export function pathTranslations(locales: readonly SiteLocale[], key: string): PageTranslation[] | undefined {
  const { locale, path } = splitLocalePath(locales, key)
  if (locales.length < 2) return [{ locale, key }]
  if (IN_EVERY_LOCALE.has(path)) return locales.map((each) => ({ locale: each, key: localizedPath(each, path) }))
  if (LEGAL_PAGES.has(path) || postSlugOf(path) !== undefined) return undefined
  return [{ locale, key }]
}

/**
 * The page at `key` (a localized URL path, '/de/blog/x/') in every locale that has it, itself
 * included, the default locale's first: what hreflang, the sitemap's alternates and the language
 * switcher offer. A page without translations gives itself alone; a key that is no page of its
 * locale (a post it lacks, a legal page it does not have), nothing.
 */
export function pageTranslations(content: TranslatedContent, key: string): PageTranslation[] {
  const locales = localesOf(content)
  const known = pathTranslations(
    locales.map((entry) => entry.locale),
    key,
  )
  if (known) return known
  const { locale, path } = splitLocalePath(
    locales.map((entry) => entry.locale),
    key,
  )
  const document = LEGAL_PAGES.get(path)
  if (document) {
    const having = locales.filter((entry) => hasLegalPage(entry, locales[0]!, document))
    if (!having.some((entry) => entry.locale.code === locale.code)) return []
    return having.map((entry) => ({ locale: entry.locale, key: localizedPath(entry.locale, path) }))
  }
  const index = postIndex(locales)
  const origin = index.originOf.get(locale.code)?.get(postSlugOf(path)!)
  return origin === undefined ? [] : index.versions.get(origin)!
}

/** Each locale's key of a page, by the locale's code: what a page's data carries of its translations. */
export type TranslationKeys = Record<string, string>

/**
 * The keys of the translations of the page at `key`, for a page's data (a post's, a legal page's):
 * the language switcher reads them in the browser too. Undefined when the page has none, or the
 * site one locale: its data is as it was.
 */
export function translationKeys(content: TranslatedContent, key: string): TranslationKeys | undefined {
  const translations = pageTranslations(content, key)
  return translations.length < 2 ? undefined : Object.fromEntries(translations.map((translation) => [translation.locale.code, translation.key]))
}

/** A page's hreflang link: the language (or 'x-default') and the page's absolute URL. */
export interface AlternateLink {
  hreflang: string
  href: string
}

/**
 * The hreflang links of the page at `key` (Google, "localized versions"): one per translation,
 * itself included, and x-default to the default locale's version when there is one; `url` makes a
 * key absolute. None for a page without a translation: no link to a page that does not exist, and
 * none on a site with one locale. The same set on every version of a page: reciprocal by construction.
 */
export function alternateLinks(translations: readonly PageTranslation[], url: (key: string) => string): AlternateLink[] {
  if (translations.length < 2) return []
  const links = translations.map(({ locale, key }) => ({ hreflang: locale.code, href: url(key) }))
  const original = translations.find(({ locale }) => isDefaultLocale(locale))
  return original ? [...links, { hreflang: 'x-default', href: url(original.key) }] : links
}

/**
 * The key of the page a page context renders: its path in its locale. After +onBeforeRoute
 * (vike.dev/i18n) vike's urlPathname is the path in the default locale (urlLogical) and
 * pageContext.locale the locale; without a locale, the path is the page's own.
 */
export function renderedPageKey({ urlPathname, locale }: { urlPathname: string; locale?: SiteLocale | undefined }): string {
  const path = pagePath(urlPathname)
  return locale ? localizedPath(locale, path) : path
}
