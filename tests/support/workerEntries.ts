import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { toolRoot, workerEntryFile, type WorkerName } from '../../cli/toolRoot.ts'

/**
 * What a test file of worker threads needs: `entry(name)`, a worker's entry as the CLI starts it
 * (its TypeScript, run as written), and `dir()`, a folder of the file's own beside the project's
 * packages, made before its tests and removed after.
 */
export function workerEntries(prefix: string): { dir(): string; entry(name: WorkerName): string } {
  let dir = ''
  beforeAll(() => {
    mkdirSync(join(toolRoot, 'node_modules', '.cache'), { recursive: true })
    dir = mkdtempSync(join(toolRoot, 'node_modules', '.cache', `${prefix}-`))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  return { dir: () => dir, entry: (name) => workerEntryFile(name) }
}
