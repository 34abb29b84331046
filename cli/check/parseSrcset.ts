/** A srcset's URLs, split as the HTML standard does: a URL is a run of non-spaces (commas inside), descriptors run to a comma outside parentheses. */
export function parseSrcset(srcset: string): string[] {
  const urls: string[] = []
  let i = 0
  const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char)
  while (i < srcset.length) {
    while (i < srcset.length && (isSpace(srcset[i]) || srcset[i] === ',')) i++
    if (i >= srcset.length) break
    const start = i
    while (i < srcset.length && !isSpace(srcset[i])) i++
    let url = srcset.slice(start, i)
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '')
    } else {
      let depth = 0
      for (; i < srcset.length; i++) {
        const char = srcset[i]
        if (char === '(') depth++
        else if (char === ')') depth = Math.max(0, depth - 1)
        else if (char === ',' && depth === 0) break
      }
    }
    if (url) urls.push(url)
  }
  return urls
}
