import { createHash } from 'node:crypto'
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs'
import { join, relative } from 'node:path'
import { cacheDir, compiledCliPath, toolRoot } from '../toolRoot.ts'

// vike's client and server bundles do not depend on the posts: a build whose code and config
// are unchanged reuses the previous bundle and goes straight to the prerender. The key covers
// every input of the bundle, so a stale bundle can never be served.

const bundlesDir = join(cacheDir, 'bundles')
const KEEP = 3

/** Folders and files whose every byte goes into the key. */
const INPUTS = ['pages', 'styles', 'public', 'package-lock.json', compiledCliPath]

/** The key of the bundle these settings and the files on disk (below `root`) produce. */
export function bundleKey(settings: unknown, root = toolRoot): string {
  const hash = createHash('sha256').update(JSON.stringify({ settings, node: process.version }))
  for (const input of INPUTS) hashPath(hash, root, join(root, input))
  return hash.digest('hex').slice(0, 24)
}

// vike writes each +config file transpiled beside its source while loading it (and removes it
// after); one left behind by a killed build is not an input.
const isVikeTemporaryFile = (path: string) => /\.build-[a-z0-9]{12}\.mjs$/.test(path)

function hashPath(hash: ReturnType<typeof createHash>, root: string, path: string): void {
  if (!existsSync(path) || isVikeTemporaryFile(path)) return
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) hashPath(hash, root, join(path, name))
    return
  }
  hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0')
}

/** Copies a cached bundle into `workDir`; false when there is none for this key. */
export function restoreBundle(key: string, workDir: string): boolean {
  const cached = join(bundlesDir, key)
  if (!existsSync(join(cached, 'client')) || !existsSync(join(cached, 'server'))) return false
  cpSync(cached, workDir, { recursive: true })
  const now = new Date()
  utimesSync(cached, now, now)
  return true
}

/** Keeps the bundle vike just wrote in `workDir` (before any page is written into it). */
export function saveBundle(key: string, workDir: string): void {
  const target = join(bundlesDir, key)
  const partial = `${target}.partial-${process.pid}`
  rmSync(partial, { recursive: true, force: true })
  cpSync(workDir, partial, { recursive: true })
  rmSync(target, { recursive: true, force: true })
  renameSync(partial, target)
  prune()
}

function prune(): void {
  const bundles = readdirSync(bundlesDir)
    .map((name) => ({ path: join(bundlesDir, name), time: statSync(join(bundlesDir, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time)
  for (const { path } of bundles.slice(KEEP)) rmSync(path, { recursive: true, force: true })
}
