// What `virtual:kube-site/config` exports (kubeSitePlugin.ts serves it): made in the CLI's thread for a build, so the bundle's
// thread loads no config schema (about 0.1 s of it, before vite started); by the dev server as its config changes.
import type { SiteConfig } from '../../content/types.ts'
import type { Picture } from '../../../pages/_lib/picture.ts'
import { uiTemplates } from '../../../pages/_lib/text/uiStrings.ts'
import { siteLocales } from '../../../pages/_lib/locales/locales.ts'
import { localeConfigs } from '../../content/locales/localeConfigs.ts'
import { ENGLISH_TEXT, localeFallbacks, type LocaleFallbacks } from '../../content/locales/localeFallbacks.ts'
import { FALLBACKS_KEY, type Fallbacks } from '../../../pages/_lib/text/textLanguage.ts'
import { pagesLentBy } from '../../../pages/_lib/urls/routes.ts'
import { isIslandKey } from '../../../pages/_lib/text/uiCatalogs.ts'

/** The export that holds the variants of the config's raster images (cli/images/configImages.ts). */
const PICTURES = 'pictures'
/** The exports that hold the interface strings' templates in the site's language (only these reach the browser, no catalog), by which keys: the islands' apart, so HTML-only pages ship no other. */
const TEMPLATES: Readonly<Record<string, (uiKey: string) => boolean>> = { uiTemplates: (uiKey) => !isIslandKey(uiKey), islandTemplates: isIslandKey }
/** The export that holds the site's locales (pages/_lib/locales/locales.ts siteLocales): the default first, each with its prefix. */
const SITE_LOCALES = 'siteLocales'
/** The export that holds, by locale, the default locale's pages it links to, having none of its own (routes.ts pagesLentBy). */
const LENT_PAGES = 'lentPages'

/** The names the config module exports: each top-level key of the config, and what the build adds. */
export const exportNames = (config: SiteConfig): string[] => [...Object.keys(config), PICTURES, ...Object.keys(TEMPLATES), SITE_LOCALES, LENT_PAGES]

/** The config's keys that are the site's, whatever the locale: every other key is exported per locale. */
export const SHARED_CONFIG_KEYS: ReadonlySet<string> = new Set(['links', 'redirects', 'deploy', 'security', 'locales'])

/** What every export is made from, made once a config: each locale's config and the strings it shows in another language. */
interface Made {
  config: SiteConfig
  configs: ReturnType<typeof localeConfigs>
  fallbacks: LocaleFallbacks[]
  pictures: Record<string, Picture>
}

/**
 * The value of export `key`: copy keys and the strings' templates by locale code (`{ en: …, de: … }`, useLocalized picks),
 * one export per key so a bundle carries what its pages read; under FALLBACKS_KEY, the strings shown in another language.
 */
function configExport({ config, configs, fallbacks, pictures }: Made, key: string): unknown {
  if (key === PICTURES) return pictures
  if (key === SITE_LOCALES) return siteLocales(config.site, config.locales)
  if (SHARED_CONFIG_KEYS.has(key)) return config[key as keyof SiteConfig]
  const byLocale = (value: (locale: SiteConfig) => unknown) => Object.fromEntries(configs.map(({ locale, config: localeConfig }) => [locale.code, value(localeConfig)]))
  if (TEMPLATES[key]) return withFallbacks(byLocale(({ site, ui }) => Object.fromEntries(Object.entries(uiTemplates(site.language, ui)).filter(([uiKey]) => TEMPLATES[key]!(uiKey)))), fallbacksOf(fallbacks, key))
  if (key === LENT_PAGES) return byLocale((localeConfig) => (localeConfig === config ? [] : pagesLentBy(config, localeConfig)))
  return withFallbacks(byLocale((localeConfig) => localeConfig[key as keyof SiteConfig]), fallbacksOf(fallbacks, key))
}

/** By locale, the strings of export `key` shown in another language (localeFallbacks.ts), as paths with that language. */
function fallbacksOf(locales: LocaleFallbacks[], key: string): Record<string, Fallbacks> {
  return Object.fromEntries(
    locales.flatMap(({ code, copy, copyLanguage, ui }) => {
      const holds = TEMPLATES[key]
      const paths = holds ? ui.filter(holds).map((uiKey) => [uiKey]) : copy.filter(([section]) => section === key).map((path) => path.slice(1))
      return paths.length > 0 ? [[code, { language: holds ? ENGLISH_TEXT : copyLanguage, paths }]] : []
    }),
  )
}

/** Each locale's value, and its Fallbacks under FALLBACKS_KEY when a locale has any: a site that gives every string has the values alone. */
const withFallbacks = (values: Record<string, unknown>, fallbacks: Record<string, Fallbacks>) => (Object.keys(fallbacks).length > 0 ? { ...values, [FALLBACKS_KEY]: fallbacks } : values)

/** Every export of the config module with its value (configExport), `pictures` the variants of its raster images: what a page's import gets. */
export function configExports(config: SiteConfig, pictures: Record<string, Picture> = {}): Record<string, unknown> {
  const made = { config, configs: localeConfigs(config), fallbacks: localeFallbacks(config), pictures }
  return Object.fromEntries(exportNames(config).map((key) => [key, configExport(made, key)]))
}

