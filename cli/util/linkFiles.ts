import { copyFileSync, existsSync, linkSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * Places files named by their content into an output folder: each a hard link to its source, or
 * a copy (`copy`, or where linking fails: another file system, or one without hard links). Each
 * folder is made before anything goes in it; a file already there is the same file, and stays.
 */
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
