import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { filesUnder } from '../util/filesUnder.ts'
import { writeFileAtomic } from '../util/writeFileAtomic.ts'
import { sanitizeSvgIfNeeded } from './sanitizeSvg.ts'

/**
 * Every SVG file under `root` (the output: public/'s, those beside posts, the bundle's) made safe
 * to open on its own. A file that had something removed is replaced, never written in place: it
 * may be a hard link to the source or the cache. Returns the files changed, relative to `root`.
 */
export function sanitizeSvgFiles(root: string): string[] {
  const changed: string[] = []
  for (const file of filesUnder(root)) {
    if (!file.toLowerCase().endsWith('.svg')) continue
    const path = join(root, file)
    const { svg, removed } = sanitizeSvgIfNeeded(readFileSync(path, 'utf8'))
    if (removed.length === 0) continue
    writeFileAtomic(path, svg)
    changed.push(file)
  }
  return changed
}
