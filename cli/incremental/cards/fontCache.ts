import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { writeFileAtomic } from '../../util/writeFileAtomic.ts'

/** A font the cards' thread unpacks from `source` into `dir` once: named by the source's size and time, so another version of it is another file. */
export function unpackedFont(source: string, dir: string, name: string, unpack: () => Buffer): string {
  const { size, mtimeMs } = statSync(source)
  const file = join(dir, `${name}-${size}-${Math.trunc(mtimeMs)}.ttf`)
  if (!existsSync(file)) writeFileAtomic(file, unpack())
  return file
}
