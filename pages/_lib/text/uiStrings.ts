import { CATALOGS, ENGLISH, type UiCatalog, type UiKey } from './uiCatalogs.ts'
import { messageStrings, type UiStrings } from './uiMessage.ts'

// Which interface string a site shows, for the pages and the CLI: the config's `ui` override, else the catalog of the site's language subtag ('de-AT' reads
// German), else English. Pages get one language's templates from the config module (cli/generator/bundle/configExports.ts): catalogs stay out of the browser.

export type { UiKey } from './uiCatalogs.ts'
export type { UiStrings } from './uiMessage.ts'

/** The shipped catalog's language for a BCP 47 tag: its language subtag, lower case ('de-AT' → 'de'). */
export const catalogLanguage = (language: string): string => new Intl.Locale(language).language

/** Where a string of a site comes from. */
export type UiSource = 'config' | 'catalog' | 'english'

/** Each key's template for `language` and the config's `overrides`, and where it comes from. */
export function uiSources(language: string, overrides: UiCatalog = {}): Record<UiKey, { template: string; source: UiSource }> {
  const catalog = CATALOGS[catalogLanguage(language)] ?? {}
  const english = catalogLanguage(language) === 'en'
  return Object.fromEntries(
    (Object.keys(ENGLISH) as UiKey[]).map((key) => {
      const override = overrides[key]
      const shipped = catalog[key]
      if (override !== undefined) return [key, { template: override, source: 'config' }]
      return [key, shipped !== undefined && !english ? { template: shipped, source: 'catalog' } : { template: ENGLISH[key], source: 'english' }]
    }),
  ) as Record<UiKey, { template: string; source: UiSource }>
}

/** Each key's template for a site in `language` with the config's `overrides`. */
export function uiTemplates(language: string, overrides: UiCatalog = {}): Record<UiKey, string> {
  const sources = uiSources(language, overrides)
  return Object.fromEntries((Object.keys(sources) as UiKey[]).map((key) => [key, sources[key].template])) as Record<UiKey, string>
}

/** The keys a site of another `language` shows in English: no catalog or no such key in it, and no override in the config. */
export function uiFallbacks(language: string, overrides: UiCatalog = {}): UiKey[] {
  if (catalogLanguage(language) === 'en') return []
  const sources = uiSources(language, overrides)
  return (Object.keys(sources) as UiKey[]).filter((key) => sources[key].source === 'english')
}

/** The interface strings of a site in `language`, with the config's `overrides` over its catalog. */
export function uiStrings(language: string, overrides: UiCatalog = {}): UiStrings {
  return messageStrings(language, uiTemplates(language, overrides))
}
