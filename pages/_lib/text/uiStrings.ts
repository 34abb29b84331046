import { CATALOGS, ENGLISH, type UiCatalog, type UiKey } from './uiCatalogs.ts'
import { messageStrings, type UiStrings } from './uiMessage.ts'

// Which interface string a site shows, decided here for the pages and the CLI alike: the config's
// `ui` override, else the catalog of the site's language (by its language subtag: 'de-AT' reads
// German), else English. The pages get the result, one language's templates, from the config
// module (`uiTemplates`, cli/generator/bundle/kubeSitePlugin.ts): the catalogs stay out of the browser.

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
      const entry =
        override !== undefined
          ? { template: override, source: 'config' as const }
          : shipped !== undefined && !english
            ? { template: shipped, source: 'catalog' as const }
            : { template: ENGLISH[key], source: 'english' as const }
      return [key, entry]
    }),
  ) as Record<UiKey, { template: string; source: UiSource }>
}

/** Each key's template for a site in `language` with the config's `overrides`. */
export function uiTemplates(language: string, overrides: UiCatalog = {}): Record<UiKey, string> {
  const sources = uiSources(language, overrides)
  return Object.fromEntries((Object.keys(sources) as UiKey[]).map((key) => [key, sources[key].template])) as Record<UiKey, string>
}

/**
 * The keys whose string a site of `language` shows in English though it is not English: the
 * language has no catalog, or its catalog lacks the key, and the config does not override it.
 */
export function uiFallbacks(language: string, overrides: UiCatalog = {}): UiKey[] {
  if (catalogLanguage(language) === 'en') return []
  const sources = uiSources(language, overrides)
  return (Object.keys(sources) as UiKey[]).filter((key) => sources[key].source === 'english')
}

/** The interface strings of a site in `language`, with the config's `overrides` over its catalog. */
export function uiStrings(language: string, overrides: UiCatalog = {}): UiStrings {
  return messageStrings(language, uiTemplates(language, overrides))
}
