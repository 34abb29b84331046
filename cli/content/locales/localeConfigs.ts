import { siteLocales, type SiteLocale } from '../../../pages/_lib/locales/locales.ts'
import { withCopy } from './localeCopy.ts'
import type { SiteConfig } from '../types.ts'

/** A locale of the site and the config its pages read. */
export interface LocaleConfig {
  locale: SiteLocale
  config: SiteConfig
}

/**
 * Each locale's full config, the default first (the config itself): a locale's copy over the
 * default's texts, its code as site.language, its direction as site.direction, and its own `ui`
 * (over its language's catalog, never the default's overrides, which are in another language).
 */
export function localeConfigs(config: SiteConfig): LocaleConfig[] {
  const [defaultLocale, ...others] = siteLocales(config.site, config.locales)
  return [
    { locale: defaultLocale!, config },
    ...others.map((locale, index) => {
      const { copy, ui } = config.locales[index]!
      const translated = withCopy(config, copy)
      return { locale, config: { ...translated, site: { ...translated.site, language: locale.code, direction: locale.direction }, ui: ui ?? {} } }
    }),
  ]
}
