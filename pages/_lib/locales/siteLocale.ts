// What the site's language (config site.language, a canonical BCP 47 tag: cli/content/locales/languageTag.ts)
// makes of a page: its direction and its og:locale. Shared by the pages and the CLI.

/** Scripts written right to left, for a runtime without Intl.Locale#getTextInfo (Firefox). */
const RTL_SCRIPTS = new Set(['Adlm', 'Arab', 'Hebr', 'Mand', 'Nkoo', 'Rohg', 'Samr', 'Syrc', 'Thaa'])

type TextInfoLocale = Intl.Locale & { getTextInfo?(): { direction: 'ltr' | 'rtl' } }

/**
 * `derive` of a language, worked out once: every page asks for its language's direction and
 * locale, and an Intl.Locale with maximize() for each call (ogLocale's alone) took 0.18 s of the
 * prerender's main thread at 4,000 posts.
 */
function onceEach<T>(derive: (language: string) => T): (language: string) => T {
  const known = new Map<string, T>()
  return (language) => {
    let value = known.get(language)
    if (value === undefined) known.set(language, (value = derive(language)))
    return value
  }
}

const directionOf = onceEach((language): 'ltr' | 'rtl' => {
  const locale = new Intl.Locale(language) as TextInfoLocale
  return locale.getTextInfo?.().direction ?? (RTL_SCRIPTS.has(locale.maximize().script ?? '') ? 'rtl' : 'ltr')
})

/** The direction of the text in `language`: `direction` when the config gives it, else the language's (ar, he, fa, ur… → 'rtl'). */
export function textDirection(language: string, direction?: 'ltr' | 'rtl'): 'ltr' | 'rtl' {
  return direction ?? directionOf(language)
}

/** The region of `language`: its own, else the one it most likely has (en → US, de → DE, ja → JP, zh-Hant → TW). */
function likelyRegion(locale: Intl.Locale): string | undefined {
  return locale.region ?? locale.maximize().region
}

/** Open Graph's locale of `language`: language_TERRITORY (en → en_US, de → de_DE, de-CH → de_CH, ja → ja_JP). */
export const ogLocale: (language: string) => string = onceEach((language) => {
  const locale = new Intl.Locale(language)
  const region = likelyRegion(locale)
  return region ? `${locale.language}_${region}` : locale.language
})

/** `language` with its region, the likely one when it names none (en → en-US, zh-Hant → zh-Hant-TW, es-419 stays). */
export const regionalTag: (language: string) => string = onceEach((language) => {
  const locale = new Intl.Locale(language)
  return [locale.language, locale.script, likelyRegion(locale)].filter(Boolean).join('-')
})
