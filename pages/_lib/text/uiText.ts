import { islandTemplates } from 'virtual:kube-site/config'
import type { SiteLocale } from '../locales/locales.ts'
import { usePageLocale, valueIn } from '../locales/pageLocale.ts'
import { langOf, type TextLanguage } from './textLanguage.ts'
import type { IslandKey } from './uiCatalogs.ts'
import { messageStrings, type UiStrings } from './uiMessage.ts'

/** The interface words (not copy) of the layout, the home page's islands and the code blocks, functions where a value goes in; pages take them from siteText.ts, islands from islandText below. */
export function uiText(strings: UiStrings<IslandKey>) {
  const text = strings.text
  return {
    skipToContent: text('skipToContent'),
    mainNav: text('mainNav'),
    mobileNav: text('mobileNav'),
    language: text('language'),
    openMenu: text('openMenu'),
    closeMenu: text('closeMenu'),
    darkTheme: text('darkTheme'),
    themeTooltip: text('themeTooltip'),
    homeLink: (brand: string) => text('homeLink', { brand }),
    pricingTitle: (brand: string) => text('pricingTitle', { brand }),
    notFoundTitle: (brand: string) => text('notFoundTitle', { brand }),
    errorTitle: (brand: string) => text('errorTitle', { brand }),
    notFoundDescription: (brand: string) => text('notFoundDescription', { brand }),
    errorDescription: (brand: string) => text('errorDescription', { brand }),
    previousSlide: text('previousSlide'),
    nextSlide: text('nextSlide'),
    goToSlide: (number: number) => text('goToSlide', { number }),
    slideOf: (number: number, total: number) => text('slideOf', { number, total }),
    carouselRole: text('carouselRole'),
    slideRole: text('slideRole'),
    copyCommand: text('copyCommand'),
    copy: text('copy'),
    copied: text('copied'),
    copyFailed: text('copyFailed'),
    copyCode: text('copyCode'),
    codeCopied: text('codeCopied'),
    copyCodeFailed: text('copyCodeFailed'),
    social: text('social'),
    opensInNewTab: text('opensInNewTab'),
  }
}

/** An island's strings in its locale: the keys' templates (uiCatalogs.ts ISLAND_KEYS) are an export of the config module apart, so an HTML-only page's scripts carry no other string (siteText.ts has every key's). */
export interface IslandText { strings: UiStrings<IslandKey>; ui: ReturnType<typeof uiText>; lang(key: IslandKey): Partial<TextLanguage> }
const made = new Map<string, IslandText>()

/** The islands' strings of `locale`, made once. */
export function islandText(locale: SiteLocale): IslandText {
  let text = made.get(locale.code)
  if (!text) {
    const templates = valueIn(islandTemplates, locale)
    const strings = messageStrings(locale.code, templates)
    made.set(locale.code, (text = { strings, ui: uiText(strings), lang: (key) => langOf(templates, key) }))
  }
  return text
}
export const useIslandText = (): IslandText => islandText(usePageLocale())
