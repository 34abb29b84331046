import { join, resolve, sep } from 'node:path'

/** The tool root's folders a page is made of: what vite must see change. */
const PAGE_SOURCES = ['pages', 'styles', 'public', 'cli']

/**
 * What vite's file watcher leaves out of the tool root (its `root`, which it watches whole): any
 * path that is neither in a folder the pages are made of (PAGE_SOURCES) nor one of the site's
 * inputs (`inputs()`, read on every call: the posts folder, the config and the files it imports),
 * nor a folder on the way to one. Built sites and whatever else lies under the root are not
 * crawled at start: when the test suite kept its sites in `tests/.tmp` (9,000 files by its end),
 * watching them held the first response 1.2 s. Paths outside the root are watched only when
 * added, and kept.
 */
export function ignoredOutsideSiteInputs(root: string, inputs: () => readonly string[]): (path: string) => boolean {
  const rootDir = resolve(root)
  const sources = PAGE_SOURCES.map((folder) => join(rootDir, folder))
  return (path) => {
    const file = resolve(path)
    if (!isInside(file, rootDir)) return false
    return ![...sources, ...inputs().map((input) => resolve(input))].some((kept) => file === kept || isInside(file, kept) || isInside(kept, file))
  }
}

/** Whether `path` is strictly inside the folder `dir` (both resolved). */
function isInside(path: string, dir: string): boolean {
  return path.startsWith(dir.endsWith(sep) ? dir : dir + sep)
}
