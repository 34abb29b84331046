import { islandTemplates, uiTemplates } from 'virtual:kube-site/config'
import { blogText } from './blogText.ts'
import { islandText, type IslandText } from './uiText.ts'
import type { SiteLocale } from '../locales/locales.ts'
import { usePageLocale, valueIn } from '../locales/pageLocale.ts'
import { formatDay } from './formatDay.ts'
import { messageStrings, type UiStrings } from './uiMessage.ts'
import { langOf, type TextLanguage } from './textLanguage.ts'
import type { IslandKey, UiKey } from './uiCatalogs.ts'

// Each locale's interface strings for the pages, from the config module's templates (uiStrings.ts: no catalog in the browser); made once.

/** A locale's interface strings: every key's, the blog's words, its dates. */
export interface SiteText extends Pick<IslandText, 'ui'> {
  strings: UiStrings
  blog: ReturnType<typeof blogText>
  /** 'YYYY-MM-DD' → the day in the locale's language ('January 5, 2026' in English), as every page shows dates. */
  formatDate(day: string): string
  /** The `lang` and `dir` of the element that shows the string of `key`: English's where the locale shows it in English, else none (textLanguage.ts). */
  lang(key: UiKey): Partial<TextLanguage>
}

const made = new Map<string, SiteText>()

/** The interface strings of `locale`. */
export function siteText(locale: SiteLocale): SiteText {
  let text = made.get(locale.code)
  if (!text) {
    const island = islandText(locale)
    const templates = valueIn(uiTemplates, locale)
    const strings = messageStrings(locale.code, { ...valueIn(islandTemplates, locale), ...templates })
    // By the templates at hand, not ISLAND_KEYS, which would ship to the browser.
    const lang = (key: UiKey) => (key in templates ? langOf(templates, key as keyof typeof templates) : island.lang(key as IslandKey))
    made.set(locale.code, (text = { strings, ui: island.ui, blog: blogText(strings), formatDate: (day) => formatDay(day, locale.code), lang }))
  }
  return text
}

/** The interface strings of the page being rendered, in its locale. */
export const useSiteText = (): SiteText => siteText(usePageLocale())
