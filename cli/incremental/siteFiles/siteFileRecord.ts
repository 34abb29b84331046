import { createHash } from 'node:crypto'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { cacheDir } from '../../toolRoot.ts'
import { writeFileAtomic } from '../../util/writeFileAtomic.ts'
import type { RecordedSiteFile } from '../planBuild.ts'
import type { SiteFile } from '../../generator/siteFiles/writeSiteFiles.ts'
import { readJsonFile } from '../../util/readFile.ts'

// What the planner needs to keep a feed made from the same posts, sources and inputs (withSiteFiles, the `site files`
// key: the bundle's and --drafts): a one-post rebuild rewrote 14.9 MB of feeds. Recorded per output folder with each file's size and time.

type Recorded = Omit<RecordedSiteFile, 'now'>

export interface SiteFileRecordInput {
  outDir: string
  /** The fingerprint's key of `site files` (the bundle's inputs, --drafts); none without the cache, and then nothing is reused. */
  inputsKey?: string
  /** What a post's page depends on of its source: its file's text and the files beside the posts. */
  sourceKey(sourceFile: string): string
}

export interface SiteFileRecord {
  /** The key of a file made from what `file.madeFrom` names; undefined for a file made from more (it is always made). */
  keyOf(urlPath: string, file: SiteFile): string | undefined
  /** What the last build recorded of the files it made, by URL path, each with its size and time in the output now. */
  recorded(): Map<string, RecordedSiteFile>
  /** Records the files of `keys` (by URL path) as they now are in the output. */
  save(keys: ReadonlyMap<string, string>): void
}

const recordsDir = join(cacheDir, 'site-files')

export function openSiteFileRecord({ outDir, inputsKey, sourceKey }: SiteFileRecordInput): SiteFileRecord {
  const recordFile = join(recordsDir, `${createHash('sha1').update(outDir).digest('hex').slice(0, 16)}.json`)
  // None yet, or unreadable: every file is made.
  const previous = readJsonFile<Record<string, Recorded>>(recordFile) ?? {}
  const fileOf = (urlPath: string) => join(outDir, ...urlPath.split('/').filter(Boolean))
  return {
    keyOf(urlPath, { madeFrom }) {
      if (!inputsKey || !madeFrom) return undefined
      const hash = createHash('sha256').update(JSON.stringify([inputsKey, urlPath, madeFrom.shows ?? null]))
      for (const sourceFile of madeFrom.posts) hash.update('\0').update(sourceFile).update('\0').update(sourceKey(sourceFile))
      return hash.digest('hex')
    },
    recorded() {
      return new Map(Object.entries(previous).map(([urlPath, recorded]) => [urlPath, { ...recorded, now: statSync(fileOf(urlPath), { throwIfNoEntry: false }) }]))
    },
    save(keys) {
      const record: Record<string, Recorded> = {}
      for (const [urlPath, key] of keys) {
        const stats = statSync(fileOf(urlPath), { throwIfNoEntry: false })
        if (stats?.isFile()) record[urlPath] = { key, size: stats.size, mtimeMs: stats.mtimeMs }
      }
      writeFileAtomic(recordFile, JSON.stringify(record), { mkdir: true })
    },
  }
}
