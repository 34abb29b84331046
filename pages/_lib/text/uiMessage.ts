// The interface strings' templates, a small part of ICU MessageFormat: `{name}` puts a value in; `{name, plural, =0 {…} one {…} other {…}}`
// chooses by `=N`, then Intl.PluralRules, then `other`; `#` is the number. A template that does not parse is refused by uiStringsSchema.ts.
import type { UiKey } from './uiCatalogs.ts'

/** The interface strings of one site (of the keys `K`), ready to show. */
export interface UiStrings<K extends UiKey = UiKey> {
  /** The string of `key` with `values` put into its placeholders. */
  text(key: K, values?: MessageValues): string
  /** The same as pieces, each value apart: React children that render a text node each, as the JSX `Page {page} of {total}` did. */
  pieces(key: K, values?: MessageValues): (string | number)[]
}

/** The strings of a site in `language` (its plural rules) from each key's template. */
export function messageStrings<K extends UiKey>(language: string, templates: Readonly<Record<K, string>>): UiStrings<K> {
  const plurals = pluralRules(language)
  const parsed = new Map<K, MessagePart[]>()
  const partsOf = (key: K) => {
    let parts = parsed.get(key)
    if (!parts) parsed.set(key, (parts = parseMessage(templates[key])))
    return parts
  }
  return {
    text: (key, values = {}) => formatMessage(partsOf(key), values, plurals),
    pieces: (key, values = {}) =>
      partsOf(key).map((part) => (part.kind === 'value' && values[part.name] !== undefined ? values[part.name]! : formatMessage([part], values, plurals))),
  }
}

/** The plural rules of `language`; English's for a tag Intl cannot read (the config says why elsewhere). */
function pluralRules(language: string): Intl.PluralRules {
  try {
    return new Intl.PluralRules(language)
  } catch {
    return new Intl.PluralRules('en')
  }
}

export type MessagePart =
  | { kind: 'text'; text: string }
  | { kind: 'value'; name: string }
  | { kind: 'plural'; name: string; choices: Record<string, MessagePart[]> }
  | { kind: 'count' }

/** A template that cannot be read, with what is wrong. */
export class MessageSyntaxError extends Error {
  override name = 'MessageSyntaxError'
}

/** Reads a template into its parts; throws a MessageSyntaxError for a broken one. */
export function parseMessage(template: string): MessagePart[] {
  let at = 0
  const fail = (what: string): never => {
    throw new MessageSyntaxError(`${what} ${at < template.length ? `at character ${at + 1}` : 'at the end'} of ${JSON.stringify(template)}`)
  }
  const name = (): string => {
    const match = /^\s*([A-Za-z][A-Za-z0-9]*)\s*/.exec(template.slice(at))
    if (!match) fail('a placeholder needs a name')
    at += match![0].length
    return match![1]!
  }
  const parts = (inPlural: boolean): MessagePart[] => {
    const read: MessagePart[] = []
    let text = ''
    const flush = () => {
      if (text) read.push({ kind: 'text', text })
      text = ''
    }
    while (at < template.length) {
      const char = template[at]!
      if (char === '}') {
        if (!inPlural) fail('a "}" closes nothing')
        break
      }
      if (char === '#' && inPlural) {
        flush()
        read.push({ kind: 'count' })
        at++
        continue
      }
      if (char !== '{') {
        text += char
        at++
        continue
      }
      flush()
      at++
      const placeholder = name()
      if (template[at] === '}') {
        at++
        read.push({ kind: 'value', name: placeholder })
        continue
      }
      if (!/^,\s*plural\s*,/.test(template.slice(at))) fail(`{${placeholder} must close with "}" or go on with ", plural,"`)
      at = template.indexOf(',', template.indexOf(',', at) + 1) + 1
      const choices: Record<string, MessagePart[]> = {}
      for (;;) {
        const selector = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/.exec(template.slice(at))
        if (!selector) break
        at += selector[0].length
        choices[selector[1]!] = parts(true)
        if (template[at] !== '}') fail(`the choice "${selector[1]}" is not closed`)
        at++
      }
      const end = /^\s*\}/.exec(template.slice(at))
      if (!end) fail(`the plural of {${placeholder}} has a choice that is not =N, zero, one, two, few, many or other`)
      at += end![0].length
      if (!choices.other) fail(`the plural of {${placeholder}} has no "other" choice`)
      read.push({ kind: 'plural', name: placeholder, choices })
    }
    flush()
    return read
  }
  return parts(false)
}

/** The names a template puts values in, sorted: `{page}`, and the number of a plural. */
export function placeholdersOf(template: string): string[] {
  const names = new Set<string>()
  const walk = (parts: MessagePart[]) => {
    for (const part of parts) {
      if (part.kind === 'value' || part.kind === 'plural') names.add(part.name)
      if (part.kind === 'plural') Object.values(part.choices).forEach(walk)
    }
  }
  walk(parseMessage(template))
  return [...names].sort()
}

export type MessageValues = Readonly<Record<string, string | number>>

/** The template with its values put in, plurals chosen by `plurals`; numbers as digits, as the English pages always had ("1200 posts"). */
export function formatMessage(parts: readonly MessagePart[], values: MessageValues, plurals: Intl.PluralRules, count?: number): string {
  let out = ''
  for (const part of parts) {
    if (part.kind === 'text') out += part.text
    else if (part.kind === 'count') out += String(count)
    else if (part.kind === 'value') out += String(values[part.name] ?? `{${part.name}}`)
    else {
      const number = Number(values[part.name])
      const choice = part.choices[`=${number}`] ?? part.choices[plurals.select(number)] ?? part.choices.other!
      out += formatMessage(choice, values, plurals, number)
    }
  }
  return out
}
