import { rmSync } from 'node:fs'

/** What a build holds until it ends, however it ends: locks, folders, work beside the stages (settled before anything is removed); only the build adds to it. */
export interface BuildScope {
  /** Runs `cleanup` when the build ends or is interrupted (after the folders are removed). */
  onEnd(cleanup: () => void): void
  /** Removes the folder `dir` (if there) when the build ends or is interrupted. */
  removeAtEnd(dir: string): void
  /** Work beside the stages: awaited, never reported, before the end's clean-ups run. */
  waitFor(work: Promise<unknown>): void
  /** Waits for the work beside, then cleans up. */
  end(): Promise<void>
  /** Cleans up now, without waiting (the process is about to exit on a signal). */
  abort(): void
}

export function createBuildScope(): BuildScope {
  const folders: string[] = []
  const cleanups: (() => void)[] = []
  const beside: Promise<unknown>[] = []
  const cleanUp = () => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
    for (const cleanup of cleanups.splice(0)) cleanup()
  }
  return {
    onEnd: (cleanup) => void cleanups.push(cleanup),
    removeAtEnd: (dir) => void folders.push(dir),
    waitFor: (work) => void beside.push(work),
    async end() {
      await Promise.allSettled(beside)
      cleanUp()
    },
    abort: cleanUp,
  }
}

/** Awaits every promise, then throws the first failure in the order given (the writer's mistakes first), or returns the values. */
export async function settleInOrder<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(promises)
  for (const result of results) if (result.status === 'rejected') throw result.reason
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T
}
