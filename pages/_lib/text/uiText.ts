import type { UiStrings } from './uiStrings.ts'

/** The interface words (not copy) of the layout, the home page's islands and the code blocks, functions where a value goes in; pages take them from siteText.ts. */
export function uiText(strings: UiStrings) {
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
