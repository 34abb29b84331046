import { cpSync, existsSync, mkdirSync, openSync, closeSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { basename, dirname, join } from 'node:path'
import { isContentNamed } from '../../incremental/planBuild.ts'
import { cacheDir } from '../../toolRoot.ts'
import { filesUnder } from '../../util/filesUnder.ts'
import { isAlive } from '../../util/isAlive.ts'
import { summarizeFiles, type OutputSummary } from './summarizeOutput.ts'
import { writeFileAtomic } from '../../util/writeFileAtomic.ts'

// dist/ is replaced only whole: vike builds in node_modules/.cache, the output is swapped in by two renames, or a rebuild moves new files in by a journal.

const tag = (kind: string) => `${kind}-${process.pid}-${randomBytes(3).toString('hex')}`
const hiddenPrefix = (target: string) => `.${basename(target)}.kube-site-`

/** Takes vike's work folder, empty: one build at a time, as vike records its server bundle's path in node_modules. Release it with the returned function. */
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

/** Replaces `target` by `staging` in two renames; returns the previous output, hidden beside it, for the caller to remove after (a later build removes one left). */
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

/** Finishes an update a build died during, puts back an output left aside between two renames, and removes what dead builds left. */
export function recoverInterruptedSwap(target: string): void {
  const parent = dirname(target)
  const prefix = hiddenPrefix(target)
  // Before the dead folders go: the staging folder of an interrupted update is one of them.
  const journal = journalFile(target)
  if (existsSync(journal)) {
    const { staging, stale } = JSON.parse(readFileSync(journal, 'utf8')) as Journal
    applyUpdate(staging, target, stale)
    rmSync(journal)
  }
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

interface Journal {
  staging: string
  /** The output's files that the new output does not have, relative to it. */
  stale: string[]
}

const journalFile = (target: string) => join(dirname(target), `${hiddenPrefix(target)}update.json`)

/** The files under `dir`, relative to it, with their sizes. */
export function filesWithSizes(dir: string): Map<string, number> {
  return new Map(filesUnder(dir).map((file) => [file, statSync(join(dir, file)).size]))
}

/** What an update in place puts into the output, and what it takes out (each file relative to it). */
export interface Update {
  /** The files of the pages and others taken over from the output unchanged, with their sizes. */
  kept: ReadonlyMap<string, number>
  /** The files of the output that go (the plan's: planBuild.ts withRemovals). */
  removed: readonly string[]
  /** Staging's files, with their sizes (by default listed here). */
  incoming?: ReadonlyMap<string, number>
}

/**
 * Brings `target` up to date with `staging`, which holds every new file but `kept`: staging's replace, `removed` go, content-named
 * assets stay with their times. A journal first lets the next build finish it. `targetFiles`: when the caller listed them.
 */
export function updateInPlace(
  staging: string,
  target: string,
  { kept, removed, incoming = filesWithSizes(staging) }: Update,
  redirectFiles: ReadonlySet<string> = new Set(),
  targetFiles: readonly string[] = filesUnder(target),
): Omit<OutputSummary, 'largestScript'> {
  const output: [string, number][] = []
  // Named only: kept files' sizes are known, and a content-named file is its incoming copy's size.
  for (const file of targetFiles) {
    const size = kept.get(file) ?? (isContentNamed(file) ? incoming.get(file) : undefined)
    if (size !== undefined) output.push([file, size])
  }
  for (const [file, size] of incoming) if (!(isContentNamed(file) && existsSync(join(target, file)))) output.push([file, size])
  const stale = [...removed]
  const journal = journalFile(target)
  writeFileAtomic(journal, JSON.stringify({ staging, stale } satisfies Journal))
  applyUpdate(staging, target, stale)
  rmSync(journal)
  return summarizeFiles(output, redirectFiles)
}

/** What updateInPlace does after its journal: may run again over a part already done. */
function applyUpdate(staging: string, target: string, stale: string[]): void {
  const made = new Set<string>()
  for (const file of filesUnder(staging)) {
    const to = join(target, file)
    if (isContentNamed(file) && existsSync(to)) continue
    const dir = dirname(to)
    if (!made.has(dir)) mkdirSync(dir, { recursive: true })
    made.add(dir)
    renameSync(join(staging, file), to)
  }
  for (const file of stale) {
    rmSync(join(target, file), { force: true })
    removeEmptyFolders(dirname(join(target, file)), target)
  }
  rmSync(staging, { recursive: true, force: true })
}

function removeEmptyFolders(dir: string, root: string): void {
  for (let folder = dir; folder !== root && folder.startsWith(root); folder = dirname(folder)) {
    try {
      rmdirSync(folder)
    } catch {
      return
    }
  }
}
