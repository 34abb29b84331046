import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { basename, dirname, join } from 'node:path'

// dist/ is replaced only once the new one is complete: everything is built in a hidden folder
// beside it (same file system, so the final renames are cheap and cannot half-copy).

const hidden = (target: string, kind: string) =>
  join(dirname(target), `.${basename(target)}.kube-site-${kind}-${process.pid}-${randomBytes(3).toString('hex')}`)

/** A fresh folder beside `target` to build into. */
export function stagingDirFor(target: string): string {
  return hidden(target, 'staging')
}

/** Replaces `target` by `ready` in two renames; the old output is removed after. */
export function swapIntoPlace(ready: string, target: string): void {
  recoverInterruptedSwap(target)
  const previous = existsSync(target) ? hidden(target, 'previous') : undefined
  if (previous) renameSync(target, previous)
  try {
    renameSync(ready, target)
  } catch (error) {
    if (previous) renameSync(previous, target)
    throw error
  }
  if (previous) rmSync(previous, { recursive: true, force: true })
}

/**
 * Puts back a previous output that a build killed between its two renames left aside, and
 * removes staging folders of builds that died, so nothing from a failed build lingers.
 */
export function recoverInterruptedSwap(target: string): void {
  const parent = dirname(target)
  if (!existsSync(parent)) return
  const prefix = `.${basename(target)}.kube-site-`
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(prefix)) continue
    const [kind, pid] = name.slice(prefix.length).split('-')
    if (isAlive(Number(pid))) continue
    const path = join(parent, name)
    if (kind === 'previous' && !existsSync(target)) renameSync(path, target)
    else rmSync(path, { recursive: true, force: true })
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
