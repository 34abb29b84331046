// Preloaded into every CLI run of the tests (cliEnv in buildSite.ts): a `build` or `dev` of a tool
// waits until no other test process builds with that tool or runs vite on its pages/, and holds it
// until it exits. Files of the builds and browser tiers run at once (tests/vitest.config.ts), and two
// loads of one pages/ at once trip on each other: vike writes each +file transpiled beside its source
// under a name made from its content, and removes it once loaded, from under the other's import.
// The lock is a folder naming its holder's process id; one left by a process that died is taken over.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { isMainThread } from 'node:worker_threads'

const WAIT_MS = 200

/** The lock of the tool at `tool` (a checkout, or a test's copy of one). */
const lockOf = (tool) => join(tool, 'node_modules', '.cache', 'kube-site-tests-build.lock')

/** Takes the lock if free (or its holder died); whether it was taken. */
function tryLock(lock) {
  mkdirSync(dirname(lock), { recursive: true })
  try {
    mkdirSync(lock)
    writeFileSync(join(lock, 'pid'), String(process.pid))
    return true
  } catch (error) {
    if (error.code !== 'EEXIST') throw error
  }
  const holder = holderOf(lock)
  if (holder && !isAlive(holder)) rmSync(lock, { recursive: true, force: true })
  return false
}

/** The process id in `lock`; 0 while its holder has not written it yet, or once the lock is gone (both: wait, then try again). */
function holderOf(lock) {
  try {
    return Number(readFileSync(join(lock, 'pid'), 'utf8')) || 0
  } catch {
    return 0
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === 'EPERM'
  }
}

/** Waits for `tool`'s lock without blocking the event loop (a test that runs vite itself); gives its release. */
export const holdBuildLock = (tool) => holdLock(lockOf(tool))

/** Waits for the lock folder `lock` without blocking the event loop; gives its release. */
export async function holdLock(lock) {
  while (!tryLock(lock)) await new Promise((resolve) => setTimeout(resolve, WAIT_MS))
  return () => rmSync(lock, { recursive: true, force: true })
}

// A CLI run: `node [options] <tool>/cli/bin.js <command> ...`. Other node processes the CLI starts
// inherit the preload, and worker threads load it again: neither takes the lock.
const [, entry = '', command] = process.argv
if (isMainThread && entry.endsWith(join('cli', 'bin.js')) && (command === 'build' || command === 'dev')) {
  const lock = lockOf(dirname(dirname(entry)))
  const sleeper = new Int32Array(new SharedArrayBuffer(4))
  while (!tryLock(lock)) Atomics.wait(sleeper, 0, 0, WAIT_MS)
  process.on('exit', () => rmSync(lock, { recursive: true, force: true }))
}
