// The language of a string a page shows, where it is not the page's (WCAG 3.1.2, Language of
// Parts): a locale's copy gives only some of the config's texts, and the rest show in the default
// locale's language; a language with no catalog (or a catalog short of a key) shows interface
// strings in English. The config module lists, by locale, the paths of the strings that fell
// back, in the value of the key they are in (cli/generator/bundle/kubeSitePlugin.ts configExport); a
// page's locale's value is marked by that list when it is first read (pageLocale.ts valueIn), so
// each object of it knows which of its strings are in which language, and the element that shows
// one takes `lang` and `dir` from it: `<h2 {...langOf(section, 'title')}>{section.title}</h2>`; a
// string beside an icon, a date or a link's hint is wrapped instead (InLanguage.tsx), so that the
// element keeps the page's direction.
// A locale that gives every string, and the default locale, list none: their pages are as before.

/** The language of a string, as the attributes of the element that shows it. */
export interface TextLanguage {
  lang: string
  dir: 'ltr' | 'rtl'
}

/** The strings of a locale's value that fell back on another language: their paths in the value, and that language. */
export interface Fallbacks {
  language: TextLanguage
  paths: readonly (readonly (string | number)[])[]
}

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

/**
 * The `lang` and `dir` of the element that shows `holder[key]` (holder: an object or array of a
 * locale's value of the config, or of an island's props): the language it fell back on, or none
 * where it is in the page's. Spread it on the element: `<p {...langOf(hero, 'tagline')}>`.
 */
export const langOf = <T extends object>(holder: T, key: keyof T & (string | number)): Partial<TextLanguage> => marks.get(holder)?.get(String(key)) ?? NONE

// An island's props cross to the browser as JSON (island.tsx), which keeps no marks: each marked
// object of them carries its marks under MARKS_KEY, an array as the items of an object that does
// (JSON gives an array no other key), and the browser marks what it parses again. The keys start
// with U+0000, which no prop's name nor an author's in the config has.
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
