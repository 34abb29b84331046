import { copyFileSync, existsSync, linkSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'

/** Places content-named files into an output folder, each hard-linked (or copied where linking fails), folders made first; a file already there is the same, and stays. */
export function linkFiles(files: Iterable<{ from: string; to: string; copy?: boolean }>): void {
  const made = new Set<string>()
  for (const { from, to, copy } of files) {
    const dir = dirname(to)
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true })
      made.add(dir)
    }
    if (existsSync(to)) continue
    try {
      if (copy) throw new Error('copied')
      linkSync(from, to)
    } catch {
      copyFileSync(from, to)
    }
  }
}
