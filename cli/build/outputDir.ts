import { cpSync, existsSync, mkdirSync, openSync, closeSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { basename, dirname, join } from 'node:path'
import { cacheDir } from '../toolRoot.ts'
import { isAlive } from '../util/isAlive.ts'

// dist/ is replaced only once the new one is complete. vike builds in a work folder under
// node_modules/.cache (its server bundle must resolve packages); the finished client output is
// moved into a hidden folder beside dist/ (same file system) and swapped in with two renames.

const tag = (kind: string) => `${kind}-${process.pid}-${randomBytes(3).toString('hex')}`
const hiddenPrefix = (target: string) => `.${basename(target)}.kube-site-`

/**
 * Takes the work folder for vike's client and server output, empty. It is one fixed folder,
 * and one build at a time may use it: vike records the path of the server bundle it built in a
 * file inside node_modules, which a second build would overwrite. A build that finds it taken
 * waits for the other one. Release it with the returned function.
 */
export async function acquireWorkDir(onWait: (owner: number) => void): Promise<{ workDir: string; release(): void }> {
  mkdirSync(cacheDir, { recursive: true })
  const lock = join(cacheDir, 'build.lock')
  let waited = false
  while (!tryLock(lock)) {
    const owner = Number(readFileSync(lock, 'utf8'))
    if (!isAlive(owner)) {
      rmSync(lock, { force: true })
      continue
    }
    if (!waited) onWait(owner)
    waited = true
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const workDir = join(cacheDir, 'work')
  rmSync(workDir, { recursive: true, force: true })
  return {
    workDir,
    release() {
      rmSync(workDir, { recursive: true, force: true })
      rmSync(lock, { force: true })
    },
  }
}

function tryLock(lock: string): boolean {
  try {
    const fd = openSync(lock, 'wx')
    writeSync(fd, String(process.pid))
    closeSync(fd)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

/** Moves a finished folder next to `target`, ready to be swapped in. */
export function stageBeside(ready: string, target: string): string {
  const staging = join(dirname(target), hiddenPrefix(target) + tag('staging'))
  try {
    renameSync(ready, staging)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
    cpSync(ready, staging, { recursive: true })
    rmSync(ready, { recursive: true, force: true })
  }
  return staging
}

/**
 * Replaces `target` by `staging` in two renames. Returns the previous output, now a hidden folder
 * beside it, for the caller to remove once it is done with the user (removing a large site's
 * previous output, 12,000 files for 4,000 posts, takes over a second); a build that finds it still
 * there (the process died first) removes it.
 */
export function swapIntoPlace(staging: string, target: string): string | undefined {
  recoverInterruptedSwap(target)
  const previous = existsSync(target) ? join(dirname(target), hiddenPrefix(target) + tag('previous')) : undefined
  if (previous) renameSync(target, previous)
  try {
    renameSync(staging, target)
  } catch (error) {
    if (previous) renameSync(previous, target)
    throw error
  }
  return previous
}

/**
 * Puts back a previous output that a build killed between its two renames left aside, and
 * removes what builds that died left beside it, so nothing from a failed build lingers.
 */
export function recoverInterruptedSwap(target: string): void {
  const parent = dirname(target)
  const prefix = hiddenPrefix(target)
  const previous = deadFolders(parent, `${prefix}previous-`)
  if (previous[0] && !existsSync(target)) renameSync(previous[0], target)
  removeDeadFolders(parent, prefix)
}

function removeDeadFolders(parent: string, prefix: string): void {
  for (const path of deadFolders(parent, prefix)) rmSync(path, { recursive: true, force: true })
}

function deadFolders(parent: string, prefix: string): string[] {
  if (!existsSync(parent)) return []
  return readdirSync(parent)
    .filter((name) => name.startsWith(prefix))
    .filter((name) => !isAlive(Number(/-(\d+)-[0-9a-f]+$/.exec(name)?.[1])))
    .map((name) => join(parent, name))
}
