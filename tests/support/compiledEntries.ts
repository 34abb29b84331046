import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { compileCli } from '../../cli/compileCli.js'
import { toolRoot } from '../../cli/toolRoot.ts'

/**
 * The CLI compiled as cli/bin.js compiles it, for a test file of worker threads: into a folder of
 * its own beside the project's packages (as the CLI's own copy is: the threads import some), made
 * before the file's tests and removed after. `dir()` is that folder; `entry(name)` a compiled
 * entry's file in it.
 */
export function compiledEntries(prefix: string): { dir(): string; entry(name: string): string } {
  let dir = ''
  beforeAll(async () => {
    mkdirSync(join(toolRoot, 'node_modules', '.cache'), { recursive: true })
    dir = mkdtempSync(join(toolRoot, 'node_modules', '.cache', `${prefix}-`))
    await compileCli(join(dir, 'compiled'))
  }, 60_000)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  return { dir: () => dir, entry: (name) => join(dir, 'compiled', `${name}.mjs`) }
}
