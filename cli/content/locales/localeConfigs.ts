import { siteLocales, type SiteLocale } from '../../../pages/_lib/locales/locales.ts'
import { withCopy } from './localeCopy.ts'
import type { SiteConfig } from '../types.ts'

/** A locale of the site and the config its pages read. */
export interface LocaleConfig {
  locale: SiteLocale
  config: SiteConfig
}

/** Each locale's config, the default first: its copy over the default's texts, its code and direction, and its `ui` over its own language's catalog. */
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
