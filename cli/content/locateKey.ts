import { positionOf } from './textPosition.ts'

/** The line and column of an object path (['pricing', 'plans', 1]) in a config's source, walking key by key: a best effort for messages, undefined when lost. */
export function locateKey(source: string, path: readonly PropertyKey[]): { line: number; column: number } | undefined {
  // The config's keys are in the object it exports: a constant before it (a locale's copy, which has the same keys: site.config.ts's `german`) is not where the top-level ones are.
  const exported = source.search(/^export default\b/m)
  let offset = exported === -1 ? 0 : exported
  let found = false
  for (const key of path) {
    if (typeof key === 'number') {
      const at = nthElementOffset(source, offset, key)
      if (at === undefined) break
      offset = at
      found = true
      continue
    }
    const pattern = new RegExp(`(?:^|[\\s,{])(['"]?)${escapeRegExp(String(key))}\\1\\s*:`, 'g')
    pattern.lastIndex = offset
    const match = pattern.exec(source)
    if (!match) break
    offset = match.index + match[0].indexOf(String(key))
    found = true
  }
  return found ? positionOf(source, offset) : undefined
}

/** Offset of the index-th element of the first array literal after `from`, counting top-level commas. */
function nthElementOffset(source: string, from: number, index: number): number | undefined {
  const open = source.indexOf('[', from)
  if (open === -1) return undefined
  let depth = 0
  let element = 0
  let quote: string | undefined
  for (let i = open + 1; i < source.length; i++) {
    const char = source[i]!
    if (quote) {
      if (char === '\\') i++
      else if (char === quote) quote = undefined
      continue
    }
    // The element starts at its first character: a quote of a string too.
    if (depth === 0 && element === index && !/[\s,\]})]/.test(char)) return i
    if (char === '"' || char === "'" || char === '`') quote = char
    else if (char === '[' || char === '{' || char === '(') depth++
    else if (char === ']' || char === '}' || char === ')') {
      if (depth === 0) return undefined
      depth--
    } else if (char === ',' && depth === 0) element++
  }
  return undefined
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
