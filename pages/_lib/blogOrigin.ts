// Which list page a post was opened from, so Back to Blog returns there (DECISIONS.md). Kept in
// sessionStorage: per tab, and it survives a reload of the permalink.

const key = (slug: string) => `kube-site:blog-origin:${slug}`

/** Notes that the post `slug` was opened from list page `page`. */
export function rememberOrigin(slug: string, page: number): void {
  try {
    sessionStorage.setItem(key(slug), String(page))
  } catch {
    // Storage can be disabled; Back to Blog then goes to the post's own list page.
  }
}

/** The list page the post `slug` was opened from in this tab, if any. */
export function originOf(slug: string): number | undefined {
  let stored: string | null = null
  try {
    stored = sessionStorage.getItem(key(slug))
  } catch {
    return undefined
  }
  const page = Number(stored)
  return stored !== null && Number.isInteger(page) && page >= 1 ? page : undefined
}
