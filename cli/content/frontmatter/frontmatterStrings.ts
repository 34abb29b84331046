type Path = (string | number)[]

/**
 * Each string of frontmatter data, a key or a value, with the path to it (a key's is its map's),
 * in the order of the text. The data shares one value among the aliases that repeat it, and may
 * hold itself (`x: &a [*a]`): each list and map is visited once, so a walk takes time in
 * proportion to the text, never to what its aliases repeat. Every walk over a frontmatter's data
 * goes through here (zod's schema reads only the keys it knows, each a text or a list of texts,
 * and never goes into a list's lists).
 */
export function* frontmatterStrings(data: unknown): Generator<{ text: string; path: Path }> {
  const seen = new Set<object>()
  // Depth first, without recursion (a deep value would overflow the stack): each value's parts are pushed last first, so they come off in order, a key before its value.
  const stack: { value: unknown; path: Path }[] = [{ value: data, path: [] }]
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, path } = next
    if (typeof value === 'string') yield { text: value, path }
    if (typeof value !== 'object' || value === null || seen.has(value)) continue
    seen.add(value)
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value)
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index]!
      stack.push({ value: item, path: [...path, key] })
      if (typeof key === 'string') stack.push({ value: key, path })
    }
  }
}
