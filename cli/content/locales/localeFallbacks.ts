import { siteLocales } from '../../../pages/_lib/locales/locales.ts'
import { uiFallbacks, type UiKey } from '../../../pages/_lib/text/uiStrings.ts'
import type { TextLanguage } from '../../../pages/_lib/text/textLanguage.ts'
import { copyFallbacks, type Path } from './localeCopy.ts'
import { localeCopySchema, type SiteConfig } from '../config/siteConfigSchema.ts'

// What each locale shows in another language, decided here for `check` (copyFindings.ts) and the pages (textLanguage.ts, through kubeSitePlugin.ts).

/** The copy paths locale `index` shows in the default's language (copyFallbacks), but a legal document's it gives no PDF of: no page of the locale. */
export function localeCopyFallbacks(config: Pick<SiteConfig, 'site' | 'locales' | 'legal'>, index: number): Path[] {
  const { copy } = config.locales[index]!
  const lent = new Set(Object.keys(config.legal).filter((document) => copy?.legal?.[document as keyof SiteConfig['legal']]?.pdf === undefined))
  return copyFallbacks(localeCopySchema, config, copy).filter(([section, document]) => !(section === 'legal' && lent.has(String(document))))
}

/** The language English interface strings are in. */
export const ENGLISH_TEXT: TextLanguage = { lang: 'en', dir: 'ltr' }

/** What each locale of the site shows in another language, by its code, the default first (as localeConfigs). */
export interface LocaleFallbacks {
  code: string
  /** The config's copy strings it shows in the default's language (localeCopyFallbacks), in `copyLanguage`. */
  copy: Path[]
  copyLanguage: TextLanguage
  /** The interface strings it shows in English (uiFallbacks: its language has no catalog, or the catalog no such string). */
  ui: UiKey[]
}

/** Each locale's LocaleFallbacks. The default locale's copy is its own: it has none. */
export function localeFallbacks(config: SiteConfig): LocaleFallbacks[] {
  const [defaultLocale, ...others] = siteLocales(config.site, config.locales)
  const copyLanguage = { lang: defaultLocale!.code, dir: defaultLocale!.direction }
  return [
    { code: defaultLocale!.code, copy: [], copyLanguage, ui: uiFallbacks(config.site.language, config.ui) },
    ...others.map((locale, index) => ({ code: locale.code, copy: localeCopyFallbacks(config, index), copyLanguage, ui: uiFallbacks(locale.code, config.locales[index]!.ui) })),
  ]
}
