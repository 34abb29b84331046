import { rmSync } from 'node:fs'
import { KubeSiteError } from '../../errors.ts'
import { stageBeside, swapIntoPlace, updateInPlace } from '../outputDir.ts'
import { summarizeOutput, type OutputSummary } from '../summarizeOutput.ts'

export interface SwapInput {
  /** The finished output, in the work folder. */
  client: string
  outDir: string
  /** How the output is shown to the user (dist). */
  shownOut: string
  redirectFiles: ReadonlySet<string>
  /**
   * A rebuild that takes pages over updates the output in place: the files it keeps from it, with
   * their sizes, and the files it holds (the survey's), if known.
   */
  update?: { kept: Map<string, number>; present?: readonly string[] }
}

export interface Swapped {
  output: Omit<OutputSummary, 'largestScript'>
  /** The previous output, set aside: removing it takes a while, and is left to the end of the build. */
  previous?: string
}

/**
 * The swap stage: the new output replaces the old in two renames, or, for a rebuild that takes
 * pages over, its new files move into the old output following a journal. Until then the old
 * output is as it was; after, it is wholly the new one.
 */
export function swapOutput({ client, outDir, shownOut, redirectFiles, update }: SwapInput): Swapped {
  const staging = stageBeside(client, outDir)
  if (update) {
    // The pages taken over stay in the output, and the new files go in (12,100 files at 4,000
    // posts are neither linked into a new output nor removed with the old one). From its journal
    // on, the update is finished by this build or, if it dies, by the next.
    try {
      return { output: updateInPlace(staging, outDir, update.kept, redirectFiles, update.present) }
    } catch (error) {
      throw new KubeSiteError('BUILD_FAILED', `Updating ${shownOut}/ failed: ${(error as Error)?.message ?? String(error)}`, {
        hint: `${shownOut}/ was updated in part; the next build finishes the update before anything else.`,
        cause: error,
      })
    }
  }
  let previous: string | undefined
  try {
    previous = swapIntoPlace(staging, outDir)
  } catch (error) {
    rmSync(staging, { recursive: true, force: true })
    throw error
  }
  return { output: summarizeOutput(outDir, redirectFiles), previous }
}
