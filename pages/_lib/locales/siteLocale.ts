// What a page's language (a canonical BCP 47 tag: cli/content/locales/languageTag.ts) makes of it: its direction and og:locale.

/** Scripts written right to left, for a runtime without Intl.Locale#getTextInfo (Firefox). */
const RTL_SCRIPTS = new Set(['Adlm', 'Arab', 'Hebr', 'Mand', 'Nkoo', 'Rohg', 'Samr', 'Syrc', 'Thaa'])

type TextInfoLocale = Intl.Locale & { getTextInfo?(): { direction: 'ltr' | 'rtl' } }

/** `derive` of a language, worked out once: every page asks, and Intl.Locale#maximize() on each call is slow. */
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
export const textDirection = (language: string, direction?: 'ltr' | 'rtl'): 'ltr' | 'rtl' => direction ?? directionOf(language)

/** The region of `language`: its own, else the one it most likely has (en → US, zh-Hant → TW). */
const likelyRegion = (locale: Intl.Locale): string | undefined => locale.region ?? locale.maximize().region

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
