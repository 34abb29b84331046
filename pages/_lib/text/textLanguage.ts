// The language of a string shown where it is not the page's (WCAG 3.1.2): a locale's copy may give only some texts, a catalog may lack a key. The
// config module lists by locale the strings that fell back (cli/generator/bundle/configExports.ts configExport); pageLocale.ts valueIn marks them, and the element
// showing one takes `lang` and `dir` from it (`<h2 {...langOf(section, 'title')}>`), or InLanguage.tsx wraps one beside an icon, date or hint.

/** The language of a string, as the attributes of the element that shows it. */
export type TextLanguage = { lang: string; dir: 'ltr' | 'rtl' }

/** The strings of a locale's value that fell back on another language: their paths in the value, and that language. */
export interface Fallbacks { language: TextLanguage; paths: readonly (readonly (string | number)[])[] }

/** The key of a config module's export (beside each locale's code) that holds, by locale, its Fallbacks: no BCP 47 tag has an '@'. */
export const FALLBACKS_KEY = '@fallbacks'

/** By object of a locale's value, the language of each of its strings that is not the locale's. */
const marks = new WeakMap<object, Map<string, TextLanguage>>()
const marked = new WeakSet<object>()

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null

/** Marks, once, each string of `value` (a locale's value of a config key) that `fallbacks` lists with its language. */
export function markFallbacks(value: unknown, fallbacks: Fallbacks): void {
  if (!isObject(value) || marked.has(value)) return
  marked.add(value)
  for (const path of fallbacks.paths) {
    let holder: unknown = value
    for (const step of path.slice(0, -1)) holder = isObject(holder) ? (holder as Record<string, unknown>)[step] : undefined
    if (isObject(holder)) markString(holder, String(path.at(-1)), fallbacks.language)
  }
}

function markString(holder: object, key: string, language: TextLanguage): void {
  let languages = marks.get(holder)
  if (!languages) marks.set(holder, (languages = new Map()))
  languages.set(key, language)
}

/** `copy` (a copy of `source` with more keys, or other values of its objects) with the marks of `source`'s strings it keeps. */
export function keepMarks<T extends object>(source: object, copy: T): T {
  const languages = marks.get(source)
  if (languages) marks.set(copy, new Map(languages))
  return copy
}

const NONE: Partial<TextLanguage> = Object.freeze({})

/** The `lang` and `dir` of the element that shows `holder[key]` (of a locale's config value or an island's props): the language it fell back on, or none. */
export const langOf = <T extends object>(holder: T, key: keyof T & (string | number)): Partial<TextLanguage> => marks.get(holder)?.get(String(key)) ?? NONE

// An island's props cross as JSON (island.tsx), which keeps no marks: a marked object carries them under
// MARKS_KEY (an array becomes an object's ITEMS_KEY), read back in the browser. No real key starts with U+0000.
const MARKS_KEY = '\u0000lang'
const ITEMS_KEY = '\u0000items'

/** A JSON.stringify replacer that writes the marks of each object it meets beside its keys. */
export function withMarks(key: string, value: unknown): unknown {
  const languages = isObject(value) && key !== ITEMS_KEY ? marks.get(value) : undefined
  if (!isObject(value) || !languages) return value
  const written = Object.fromEntries(languages)
  return Array.isArray(value) ? { [ITEMS_KEY]: value, [MARKS_KEY]: written } : { ...value, [MARKS_KEY]: written }
}

/** A JSON.parse reviver that marks each object withMarks wrote the marks of. */
export function readMarks(_key: string, value: unknown): unknown {
  if (!isObject(value) || !(MARKS_KEY in value)) return value
  const { [MARKS_KEY]: written, [ITEMS_KEY]: items, ...rest } = value as Record<string, unknown>
  const holder = ITEMS_KEY in value ? (items as unknown[]) : rest
  for (const [name, language] of Object.entries(written as Record<string, TextLanguage>)) markString(holder, name, language)
  return holder
}
