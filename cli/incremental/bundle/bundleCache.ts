import { createHash } from 'node:crypto'
import { cpSync, existsSync, readFileSync, statSync, utimesSync } from 'node:fs'
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Fingerprint } from '../fingerprint.ts'
import { cacheDir } from '../../toolRoot.ts'
import { filesUnder } from '../../util/filesUnder.ts'
import { keepNewest } from '../../util/keepNewest.ts'
import { sameFile } from '../sameFile.js'

// vike's bundles do not depend on posts: unchanged code and config reuse the previous one, keyed by every input (fingerprint.ts), never stale.

const bundlesDir = join(cacheDir, 'bundles')
const KEEP = 3

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
  const files = listFiles(workDir)
  const target = join(dir, key)
  const partial = `${target}.partial-${process.pid}`
  const copy = async () => {
    await rm(partial, { recursive: true, force: true })
    for (const dir of new Set(files.map(({ path }) => dirname(path)))) await mkdir(join(partial, dir), { recursive: true })
    await Promise.all(files.map(({ path }) => copyFile(join(workDir, path), join(partial, path))))
    const changed = await Promise.all(files.map(async (file) => !sameFile(file, await stat(join(workDir, file.path)))))
    if (changed.includes(true)) return rm(partial, { recursive: true, force: true })
    await rm(target, { recursive: true, force: true })
    await rename(partial, target)
    keepNewest(dir, KEEP, target)
  }
  return copy().catch(() => rm(partial, { recursive: true, force: true }))
}

/** The files under `dir` (paths relative to it), with their size and modification time. */
function listFiles(dir: string): { path: string; size: number; mtimeMs: number }[] {
  return filesUnder(dir).map((path) => {
    const { size, mtimeMs } = statSync(join(dir, path))
    return { path, size, mtimeMs }
  })
}

