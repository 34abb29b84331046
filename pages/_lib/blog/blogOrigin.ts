// Which list page a post was opened from, so Back to Blog returns there (DECISIONS.md); in sessionStorage: per tab, surviving a reload.

const key = (slug: string) => `kube-site:blog-origin:${slug}`

/** A list page's path without the base: /blog/, /blog/page/N/, /blog/tags/<tag>/page/N/ ... */
const LIST_PATH = /^\/blog\/(?:(?:tags|authors)\/[a-z0-9]+(?:-[a-z0-9]+)*\/)?(?:page\/([2-9]|[1-9]\d+)\/)?$/

/** Notes that the post `slug` was opened from the list page at `path` (without the base). */
export function rememberOrigin(slug: string, path: string): void {
  try {
    sessionStorage.setItem(key(slug), path)
  } catch {
    // Storage can be disabled; Back to Blog then goes to the post's own list page.
  }
}

/** The path of the list page the post `slug` was opened from in this tab, if any, and its page number. */
export function originOf(slug: string): { path: string; page: number; blog: boolean } | undefined {
  let stored: string | null = null
  try {
    stored = sessionStorage.getItem(key(slug))
  } catch {
    return undefined
  }
  const match = stored === null ? null : LIST_PATH.exec(stored)
  if (!match) return undefined
  return { path: stored!, page: Number(match[1] ?? 1), blog: !stored!.startsWith('/blog/tags/') && !stored!.startsWith('/blog/authors/') }
}
