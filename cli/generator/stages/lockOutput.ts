import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Reporter } from '../../ui/createReporter.ts'
import { acquireWorkDir, recoverInterruptedSwap } from '../output/outputDir.ts'

/** The work folder the bundle and the prerender write into, held by this build alone. */
export interface WorkDir {
  workDir: string
  release(): void
}

/** The lock stage: takes the work folder (waiting for another build), then finishes what a dead build left; under the lock, a live build is never taken for dead. */
export async function lockOutput(outDir: string, reporter: Reporter): Promise<WorkDir> {
  const held = await acquireWorkDir((owner) => reporter.info(`  waiting for another build of this site to finish (process ${owner})`))
  try {
    mkdirSync(dirname(outDir), { recursive: true })
    recoverInterruptedSwap(outDir)
  } catch (error) {
    held.release()
    throw error
  }
  return held
}
