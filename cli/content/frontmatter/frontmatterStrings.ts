type Path = (string | number)[]

/** Every frontmatter string with its path, in text order, each list and map visited once however aliases repeat it: every walk over frontmatter data goes through here. */
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
