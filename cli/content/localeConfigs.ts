import { siteLocales } from '../../pages/_lib/locales.ts'
import type { SiteConfig } from './types.ts'

/**
 * The full config of each locale of the site, by its code, the default's first (the config
 * itself). Another locale's is, for now, the default's with that locale's site.language and
 * site.direction: its own copy over the default's and its own interface strings (`copy`, `ui`
 * of its entry in `locales`) are merged here once the config gives them.
 */
export function localeConfigs(config: SiteConfig): Record<string, SiteConfig> {
  const [first, ...others] = siteLocales(config.site, config.locales)
  return Object.fromEntries([
    [first!.code, config],
    ...others.map(({ code, direction }) => [code, { ...config, site: { ...config.site, language: code, direction } }]),
  ])
}
