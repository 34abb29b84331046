import { z } from 'zod'

// The site's language as a BCP 47 tag, decided by Intl alone: canonical form (en-us → en-US, iw → he), parts, and real codes (DisplayNames names no unknown one).

const names = (type: 'language' | 'region' | 'script') => new Intl.DisplayNames(['en'], { type, fallback: 'none' })
let displayNames: Record<'language' | 'region' | 'script', Intl.DisplayNames> | undefined
const nameOf = (type: 'language' | 'region' | 'script', code: string): string | undefined => {
  displayNames ??= { language: names('language'), region: names('region'), script: names('script') }
  return displayNames[type].of(code)
}

/** ISO 639's codes that name no language a page is written in (ISO 639-2's special codes): Intl names them all the same. */
const NOT_A_LANGUAGE = new Set(['mis', 'mul', 'und', 'zxx'])
/** CLDR's names for the "unknown" region and script, which name nothing. */
const UNKNOWN = { region: 'ZZ', script: 'Zzzz' }
const EXAMPLES = "'en', 'de', 'de-CH', 'pt-BR', 'zh-Hant', 'es-419'"

export interface LanguageTagProblem {
  message: string
  hint: string
}

/** The canonical form of a site language `tag`, or what is wrong with it. */
export function parseLanguageTag(tag: string): { tag: string } | { problem: LanguageTagProblem } {
  const quoted = JSON.stringify(tag)
  let canonical: string
  try {
    canonical = Intl.getCanonicalLocales(tag)[0]!
  } catch {
    // en_US, the form of POSIX locales and og:locale: the hint says what BCP 47 writes.
    const hyphenated = tag.replaceAll('_', '-')
    const suggestion = hyphenated !== tag && Intl.getCanonicalLocales(hyphenated).length ? ` (write '${Intl.getCanonicalLocales(hyphenated)[0]}')` : ''
    return problem(`${quoted} is not a BCP 47 language tag${suggestion}`, `Write a language code, then optionally a script and a region, joined by hyphens: ${EXAMPLES}.`)
  }
  const locale = new Intl.Locale(canonical)
  // A region alone ("DE"): the grammar reads a two-letter first subtag as a language; in capitals or naming no language, it is the region.
  const first = tag.split('-')[0]!
  const region = first.length === 2 && first.toUpperCase() !== UNKNOWN.region && nameOf('region', first.toUpperCase())
  if (region && canonical === locale.language && (first === first.toUpperCase() || !nameOf('language', locale.language))) {
    const likely = new Intl.Locale(`und-${first.toUpperCase()}`).maximize()
    return problem(`${quoted} is a region (${region}), not a language`, `Write the language first, then the region: '${likely.language}-${likely.region}', or '${likely.language}' alone.`)
  }
  const language = locale.language.length <= 3 && !NOT_A_LANGUAGE.has(locale.language) ? nameOf('language', locale.language) : undefined
  if (!language) return problem(`${quoted}: "${locale.language}" is not a known language`, `Use an ISO 639 language code, such as ${EXAMPLES}.`)
  if (locale.script && (locale.script === UNKNOWN.script || !nameOf('script', locale.script)))
    return problem(`${quoted}: "${locale.script}" is not a known script`, `Use an ISO 15924 script code after the language, like 'zh-Hant' or 'sr-Latn', or none.`)
  if (locale.region && (locale.region === UNKNOWN.region || !nameOf('region', locale.region)))
    return problem(`${quoted}: "${locale.region}" is not a known region`, `Use an ISO 3166-1 country code or a UN M.49 area after the language, like 'de-CH' or 'es-419', or none.`)
  // Variants (de-1996), extensions (-u-ca-…) and private use (-x-…) have no place in hreflang.
  const plain = [locale.language, locale.script, locale.region].filter(Boolean).join('-')
  if (canonical !== plain) return problem(`${quoted} has more than a language, a script and a region`, `Write '${plain}': variants and extensions are not read by browsers or search engines here.`)
  return { tag: canonical }
}

const problem = (message: string, hint: string) => ({ problem: { message, hint } })

/** A site language in the config: refused at its line with a hint, or made canonical. */
export const languageTag = z.string().transform((tag, context) => {
  const parsed = parseLanguageTag(tag)
  if ('tag' in parsed) return parsed.tag
  context.addIssue({ code: 'custom', message: parsed.problem.message, params: { hint: parsed.problem.hint } })
  return z.NEVER
})
