import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/** Every file of a folder with the hash of its bytes. */
export function snapshotFiles(dir: string): Record<string, string> {
  const files: Record<string, string> = {}
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name)
      if (entry.isDirectory()) walk(full)
      else files[relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex')
    }
  }
  walk(dir)
  return files
}
