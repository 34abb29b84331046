import { join, resolve, sep } from 'node:path'

/** The tool root's folders a page is made of: what vite must see change. */
const PAGE_SOURCES = ['pages', 'styles', 'public', 'cli']

/** What vite's watcher leaves out of the tool root: all but PAGE_SOURCES, `inputs()` and folders on the way (9,000 test files once held the first response 1.2 s). */
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
