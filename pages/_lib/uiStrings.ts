import { CATALOGS, ENGLISH, type UiCatalog, type UiKey } from './uiCatalogs.ts'
import { formatMessage, parseMessage, type MessagePart, type MessageValues } from './uiMessage.ts'

// Which interface string a site shows, decided here for the pages and the CLI alike: the config's
// `ui` override, else the catalog of the site's language (by its language subtag: 'de-AT' reads
// German), else English.

export type { UiKey } from './uiCatalogs.ts'

/** The interface strings of one site, ready to show. */
export interface UiStrings {
  /** The string of `key` with `values` put into its placeholders. */
  text(key: UiKey, values?: MessageValues): string
}

/** The shipped catalog's language for a BCP 47 tag: its language subtag, lower case ('de-AT' → 'de'). */
export const catalogLanguage = (language: string): string => language.split(/[-_]/)[0]!.toLowerCase()

/** Where each string of a site comes from. */
export type UiSource = 'config' | 'catalog' | 'english'

/** Each key's template for `language` and the config's `overrides`, and where it comes from. */
export function uiTemplates(language: string, overrides: UiCatalog = {}): Record<UiKey, { template: string; source: UiSource }> {
  const catalog = CATALOGS[catalogLanguage(language)] ?? {}
  const english = catalogLanguage(language) === 'en'
  return Object.fromEntries(
    (Object.keys(ENGLISH) as UiKey[]).map((key) => {
      const override = overrides[key]
      const shipped = catalog[key]
      const entry =
        override !== undefined
          ? { template: override, source: 'config' as const }
          : shipped !== undefined
            ? { template: shipped, source: english ? ('english' as const) : ('catalog' as const) }
            : { template: ENGLISH[key], source: 'english' as const }
      return [key, entry]
    }),
  ) as Record<UiKey, { template: string; source: UiSource }>
}

/**
 * The keys whose string a site of `language` shows in English though it is not English: the
 * language has no catalog, or its catalog lacks the key, and the config does not override it.
 */
export function uiFallbacks(language: string, overrides: UiCatalog = {}): UiKey[] {
  if (catalogLanguage(language) === 'en') return []
  const templates = uiTemplates(language, overrides)
  return (Object.keys(templates) as UiKey[]).filter((key) => templates[key].source === 'english')
}

/** The interface strings of a site in `language`, with the config's `overrides` over its catalog. */
export function uiStrings(language: string, overrides: UiCatalog = {}): UiStrings {
  const templates = uiTemplates(language, overrides)
  const plurals = pluralRules(language)
  const parsed = new Map<UiKey, MessagePart[]>()
  return {
    text(key, values = {}) {
      let parts = parsed.get(key)
      if (!parts) parsed.set(key, (parts = parseMessage(templates[key].template)))
      return formatMessage(parts, values, plurals)
    },
  }
}

/** The plural rules of `language`; English's for a tag Intl cannot read (the config says why elsewhere). */
function pluralRules(language: string): Intl.PluralRules {
  try {
    return new Intl.PluralRules(language)
  } catch {
    return new Intl.PluralRules('en')
  }
}
