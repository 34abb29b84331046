import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { threadId } from 'node:worker_threads'
import { cacheDir } from '../../toolRoot.ts'
import { keepNewest } from '../../util/keepNewest.ts'

// What a page's stylesheets are combined into, and which the browser bundle may load (combineStylesheets.ts), kept under the bundle's identity
// (bundleCache.ts bundleIdentity): a rebuild with the same bundle neither parses them nor loads PostCSS.

/** Where the facts of each bundle are kept. */
export const STYLESHEET_FACTS = join(cacheDir, 'stylesheets')

/** Bundles whose facts are kept: as many as the bundle cache keeps (bundleCache.ts). */
const KEEP = 3

const factsDir = (root: string, identity: string) => join(root, createHash('sha1').update(identity).digest('hex').slice(0, 24))

/** Whether facts of the bundle `identity` are kept (what `build --explain` reports of them). */
export const stylesheetFactsKept = (identity: string, root = STYLESHEET_FACTS): boolean => existsSync(factsDir(root, identity))

/** The facts kept for bundle `identity`, read or made and written whole (threads may race); another build may prune them any time: a lost fact is remade, never wrong. */
export function keptFacts(root: string, identity: string): (question: string, make: () => string) => string {
  const dir = factsDir(root, identity)
  try {
    if (existsSync(dir)) {
      const now = new Date()
      utimesSync(dir, now, now)
    } else {
      mkdirSync(dir, { recursive: true })
      keepNewest(root, KEEP, dir)
    }
  } catch {
    // Another build pruned the folders at the same moment: the facts are written below, or made again next time.
  }
  return (question, make) => {
    const file = join(dir, createHash('sha1').update(question).digest('hex').slice(0, 24))
    try {
      return readFileSync(file, 'utf8')
    } catch {
      // Not kept yet (or just removed).
    }
    const answer = make()
    try {
      mkdirSync(dir, { recursive: true })
      const partial = `${file}.${process.pid}-${threadId}`
      writeFileSync(partial, answer)
      renameSync(partial, file)
    } catch {
      // Not kept: made again by the next build.
    }
    return answer
  }
}
