// Accessible names and other interface words that are not marketing copy (that lives in
// site.config.ts). Kept together so they are easy to find and to translate.

/** Interface words by use; functions where a number goes in. */
export const UI_TEXT = {
  skipToContent: 'Skip to content',
  mainNav: 'Main',
  mobileNav: 'Mobile',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  darkTheme: 'Dark theme',
  themeTooltip: 'Toggle theme',
  homeLink: (brand: string) => `${brand} home`,
  previousSlide: 'Previous slide',
  nextSlide: 'Next slide',
  goToSlide: (n: number) => `Go to slide ${n}`,
  slideOf: (n: number, total: number) => `${n} of ${total}`,
  carouselRole: 'carousel',
  slideRole: 'slide',
  copyCommand: 'Copy install command',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Copy failed: select the command and copy it by hand',
  copyCode: 'Copy code',
  codeCopied: 'Code copied to clipboard',
  copyCodeFailed: 'Copy failed: select the code and copy it by hand',
  social: 'Social',
  opensInNewTab: '(opens in a new tab)',
} as const
