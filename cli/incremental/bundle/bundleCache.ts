import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { threadId } from 'node:worker_threads'
import type { Fingerprint } from '../fingerprint.ts'
import { cacheDir } from '../../toolRoot.ts'
import { filesUnder } from '../../util/filesUnder.ts'
import { envCount } from '../../util/envCount.ts'
import { keepNewest } from '../../util/keepNewest.ts'
import { readTextFile } from '../../util/readFile.ts'
import { sameFile } from '../sameFile.js'

// vike's bundles do not depend on posts: unchanged code and config reuse the previous one, keyed by every input (fingerprint.ts), never stale.

const bundlesDir = join(cacheDir, 'bundles')
/** Bundles kept, and bundles whose stylesheets' facts are kept. KUBE_SITE_KEEP_BUNDLES sets it (the suite, whose builds of about 20 configs share the checkout's cache). */
const KEEP = envCount('KUBE_SITE_KEEP_BUNDLES') ?? 3

/** The key of the bundle the build of `fingerprint` produces: every input vite reads (CACHE_INPUTS.bundle). */
export const bundleKey = (fingerprint: Fingerprint): string => fingerprint.key('bundle', 'production')

/** What a page rendered with `workDir`'s bundle depends on: the key and the assets its manifest names (a same-key bundle with other chunks broke hydration). */
export function bundleIdentity(key: string, workDir: string): string {
  const manifest = join(workDir, 'assets.json')
  return `${key}:${existsSync(manifest) ? createHash('sha1').update(readFileSync(manifest)).digest('hex') : ''}`
}

/** The file beside the client and server bundles that holds the inline script their pages carry (bundleSite.ts). */
export const EARLY_SCRIPT = 'early-script.js'

/** Copies a cached bundle into `workDir`; false when there is none for this key. */
export function restoreBundle(key: string, workDir: string, dir = bundlesDir): boolean {
  const cached = join(dir, key)
  if (!['client', 'server', EARLY_SCRIPT].every((part) => existsSync(join(cached, part)))) return false
  cpSync(cached, workDir, { recursive: true })
  const now = new Date()
  utimesSync(cached, now, now)
  return true
}

/** Keeps the bundle vike just wrote while the build goes on, copied by libuv's threads and kept only if every file is still as listed; failing costs only speed. */
export function saveBundle(key: string, workDir: string, dir = bundlesDir): Promise<void> {
  // Each file under it (relative to it), as found now.
  const files = filesUnder(workDir).map((path) => ({ path, stats: statSync(join(workDir, path)) }))
  const target = join(dir, key)
  const partial = `${target}.partial-${process.pid}`
  const copy = async () => {
    await rm(partial, { recursive: true, force: true })
    for (const dir of new Set(files.map(({ path }) => dirname(path)))) await mkdir(join(partial, dir), { recursive: true })
    await Promise.all(files.map(({ path }) => copyFile(join(workDir, path), join(partial, path))))
    const changed = await Promise.all(files.map(async ({ path, stats }) => !sameFile(stats, await stat(join(workDir, path)))))
    if (changed.includes(true)) return rm(partial, { recursive: true, force: true })
    await rm(target, { recursive: true, force: true })
    await rename(partial, target)
    keepNewest(dir, KEEP, target)
  }
  return copy().catch(() => rm(partial, { recursive: true, force: true }))
}

// What a page's stylesheets are combined into, and which the bundle may load (combineStylesheets.ts), kept under its identity: a rebuild with it parses none.
export const STYLESHEET_FACTS = join(cacheDir, 'stylesheets')

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
    const kept = readTextFile(file)
    if (kept !== undefined) return kept
    // Not kept yet (or just removed).
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
