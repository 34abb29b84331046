import type { Plugin } from 'vite'
import type { SiteConfig } from '../../content/types.ts'
import type { Picture } from '../../../pages/_lib/picture.ts'
import { internalError } from '../../errors.ts'
import { EARLY_SCRIPT_FILE, siteEarlyScript } from './compileEarlyScript.ts'
import { uiTemplates } from '../../../pages/_lib/text/uiStrings.ts'
import { siteLocales } from '../../../pages/_lib/locales/locales.ts'
import { localeConfigs } from '../../content/locales/localeConfigs.ts'
import { ENGLISH_TEXT, localeFallbacks, type LocaleFallbacks } from '../../content/locales/localeFallbacks.ts'
import { FALLBACKS_KEY, type Fallbacks } from '../../../pages/_lib/text/textLanguage.ts'
import { pagesLentBy } from '../../../pages/_lib/urls/routes.ts'
import { isIslandKey } from '../../../pages/_lib/text/uiCatalogs.ts'

export const CONFIG_MODULE_ID = 'virtual:kube-site/config'
/** The id vite knows the config module by; each part's is this, a slash and its key. */
export const CONFIG_RESOLVED_ID = `\0${CONFIG_MODULE_ID}`

/** The config as a module, one named export per top-level key each in a module of its own, so each key lands in the chunk of its readers. */
export function configModule(config: SiteConfig): string {
  return exportNames(config)
    .map((key) => {
      if (!/^[A-Za-z_$][\w$]*$/.test(key)) throw internalError(`site config key ${JSON.stringify(key)} is not a name a module can export`)
      return `export { default as ${key} } from '${CONFIG_MODULE_ID}/${key}'\n`
    })
    .join('')
}

/** The names the config module exports: each top-level key of the config, and what the build adds. */
const exportNames = (config: SiteConfig): string[] => [...Object.keys(config), PICTURES, ...Object.keys(TEMPLATES), SITE_LOCALES, LENT_PAGES]

/** The inline script of every page, compiled from pages/_lib/islands/earlyScript.ts (its default export: the script's text). */
export const EARLY_SCRIPT_MODULE_ID = 'virtual:kube-site/early-script'

/** This plugin's module ids, all made from the config: a dev config reload invalidates them all, or a page keeps an old script under a new hash. */
export const CONFIG_MADE_MODULE = /^\0virtual:kube-site\/(config(\/\w+)?|early-script)$/

/** The export that holds the variants of the config's raster images (cli/images/configImages.ts). */
const PICTURES = 'pictures'
/** The exports that hold the interface strings' templates in the site's language (only these reach the browser, no catalog), by which keys: the islands' apart, so HTML-only pages ship no other. */
const TEMPLATES: Readonly<Record<string, (uiKey: string) => boolean>> = { uiTemplates: (uiKey) => !isIslandKey(uiKey), islandTemplates: isIslandKey }
/** The export that holds the site's locales (pages/_lib/locales/locales.ts siteLocales): the default first, each with its prefix. */
const SITE_LOCALES = 'siteLocales'
/** The export that holds, by locale, the default locale's pages it links to, having none of its own (routes.ts pagesLentBy). */
const LENT_PAGES = 'lentPages'

/** The config's keys that are the site's, whatever the locale: every other key is exported per locale. */
export const SHARED_CONFIG_KEYS: ReadonlySet<string> = new Set(['links', 'redirects', 'deploy', 'security', 'locales'])

/**
 * The value of export `key`: copy keys and the strings' templates by locale code (`{ en: …, de: … }`, useLocalized picks),
 * one export per key so a bundle carries what its pages read; under FALLBACKS_KEY, the strings shown in another language.
 */
export function configExport(config: SiteConfig, key: string, getPictures: () => Record<string, Picture> = () => ({})): unknown {
  if (key === PICTURES) return getPictures()
  if (key === SITE_LOCALES) return siteLocales(config.site, config.locales)
  if (SHARED_CONFIG_KEYS.has(key)) return config[key as keyof SiteConfig]
  const configs = localeConfigsOf(config)
  const byLocale = (value: (locale: SiteConfig) => unknown) => Object.fromEntries(configs.map(({ locale, config: localeConfig }) => [locale.code, value(localeConfig)]))
  if (TEMPLATES[key]) return withFallbacks(byLocale(({ site, ui }) => Object.fromEntries(Object.entries(uiTemplates(site.language, ui)).filter(([uiKey]) => TEMPLATES[key]!(uiKey)))), fallbacksOf(config, key))
  if (key === LENT_PAGES) return byLocale((localeConfig) => (localeConfig === config ? [] : pagesLentBy(config, localeConfig)))
  return withFallbacks(byLocale((localeConfig) => localeConfig[key as keyof SiteConfig]), fallbacksOf(config, key))
}

const fallbacksByConfig = new WeakMap<SiteConfig, LocaleFallbacks[]>()
const localeConfigsByConfig = new WeakMap<SiteConfig, ReturnType<typeof localeConfigs>>()

/** Each locale's config (localeConfigs), made once a config: a bundle asks for it once an export and an environment. */
function localeConfigsOf(config: SiteConfig) {
  let configs = localeConfigsByConfig.get(config)
  if (!configs) localeConfigsByConfig.set(config, (configs = localeConfigs(config)))
  return configs
}

/** By locale, the strings of export `key` shown in another language (localeFallbacks.ts), as paths with that language. */
function fallbacksOf(config: SiteConfig, key: string): Record<string, Fallbacks> {
  let locales = fallbacksByConfig.get(config)
  if (!locales) fallbacksByConfig.set(config, (locales = localeFallbacks(config)))
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

/** Every export of the config module with its value (configExport): what a page's import gets. */
export function configExports(config: SiteConfig, getPictures?: () => Record<string, Picture>): Record<string, unknown> {
  return Object.fromEntries(exportNames(config).map((key) => [key, configExport(config, key, getPictures)]))
}

/** Serves the validated config as `virtual:kube-site/config` with the pictures of its images, and the inline script as `virtual:kube-site/early-script`. */
export function kubeSitePlugin(getConfig: () => SiteConfig, getPictures: () => Record<string, Picture> = () => ({})): Plugin {
  return {
    name: 'kube-site:config',
    resolveId: {
      filter: { id: /^virtual:kube-site\/(config(\/\w+)?|early-script)$/ },
      handler: (id) => `\0${id}`,
    },
    load: {
      filter: { id: CONFIG_MADE_MODULE },
      handler(id) {
        const config = getConfig()
        if (id === `\0${EARLY_SCRIPT_MODULE_ID}`) {
          // dev compiles it again when the module is edited.
          this.addWatchFile(EARLY_SCRIPT_FILE)
          return `export default ${JSON.stringify(siteEarlyScript(config))}\n`
        }
        if (id === CONFIG_RESOLVED_ID) return configModule(config)
        const key = id.slice(CONFIG_RESOLVED_ID.length + 1)
        return `export default ${JSON.stringify(configExport(config, key, getPictures))}\n`
      },
    },
  }
}
