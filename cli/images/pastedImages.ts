import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { PastedImage } from '../content/markdown/pastedImages.ts'
import { cacheDir } from '../toolRoot.ts'
import { writeFileAtomic } from '../util/writeFileAtomic.ts'

/** Where the images stage writes the images pasted into posts (cli/content/markdown/pastedImages.ts). */
export const PASTED_DIR = join(cacheDir, 'pasted')

/** Writes pasted images into `dir` (a file already there has the same bytes: its name is their hash). */
export function writePastedImages(images: readonly PastedImage[], dir: string): void {
  for (const { name, bytes } of images) {
    const file = join(dir, name)
    if (!existsSync(file)) writeFileAtomic(file, bytes, { mkdir: true })
  }
}
