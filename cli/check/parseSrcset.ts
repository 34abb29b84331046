/**
 * The URLs of a srcset attribute ('a.png 1x, b.png 2x' → ['a.png', 'b.png']). Follows the
 * HTML standard's splitting: a URL is a run of non-spaces, so it may contain commas
 * ('/img?w=1,2 2x'); a comma ending the URL ends the candidate; descriptors run to the next
 * comma outside parentheses.
 */
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
