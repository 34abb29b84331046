import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { holdLock } from './buildLock.mjs'
import { cliEnv, repoRoot } from './buildSite.ts'

/** How long a file that runs dev servers waits for the other such file to end, at most: a guard against a hang. */
const TURN_TIMEOUT = 900_000

/**
 * Makes the file's tests wait, from its first hook to its last, until no other file that keeps dev
 * servers of the checkout running has its turn. A dev server holds the checkout's build lock while
 * it runs (buildLock.mjs): beside dev.test.ts's server, each of devFirstSave.test.ts's waited for
 * it at its start, past the minute a start may take. Called first in the file, before its own hooks.
 */
export function takeTurnsWithDevServerFiles(): void {
  let release: (() => void) | undefined
  beforeAll(async () => {
    release = await holdLock(join(repoRoot, 'node_modules', '.cache', 'kube-site-tests-dev-servers.lock'))
  }, TURN_TIMEOUT)
  afterAll(() => release?.())
}

/**
 * A new folder for a dev server's site, outside the tool root: where a writer's site is. Not in
 * tmpRoot: vite's watcher ignores any path under node_modules, even one added to it.
 */
export function devSiteDir(name: string): string {
  return mkdtempSync(join(tmpdir(), `kube-site-${name}-`))
}

/** The first line of a site config that takes the repository's own and changes some of it. */
export const importRepoConfig = `import config from ${JSON.stringify(join(repoRoot, 'site.config.ts'))}`

/** A TCP port free on the loopback interface right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

export interface DevServer {
  url: string
  process: ChildProcess
  /** Everything it printed so far, both streams. */
  output(): string
  /** Stops it; resolves once it has exited (so it watches and writes nothing more). */
  stop(): Promise<void>
}

/** `kube-site dev` in the site folder `cwd`, once it says where it listens. */
export async function startDevServer(cwd: string): Promise<DevServer> {
  let output = ''
  const child = spawn(process.execPath, [join(repoRoot, 'cli/bin.js'), 'dev', '--port', String(await freePort())], { cwd, env: cliEnv({ NO_COLOR: '1' }) })
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  // A server that did not start is killed at once: left waiting for the checkout's build lock, it
  // took it later and held it as long as it ran, and every build after waited (buildLock.mjs).
  // SIGKILL: while it waits for the lock its thread is blocked, and a SIGTERM waits with it.
  const url = await new Promise<string>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(new Error(`dev server did not start (${why}):\n${output}`))
    }
    const timer = setTimeout(() => fail('60 s'), 60_000)
    child.once('exit', (code, signal) => fail(`exited with ${signal ?? code}`))
    child.stdout!.on('data', () => {
      const match = /kube-site dev at (http:\S+)/.exec(output)
      if (match) resolve(match[1]!), clearTimeout(timer)
    })
  })
  return {
    url,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}
