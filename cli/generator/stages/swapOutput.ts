import { rmSync } from 'node:fs'
import { KubeSiteError } from '../../errors.ts'
import { filesUnder } from '../../util/filesUnder.ts'
import { filesTo, withRemovals, type BuildPlan, type OutputFiles } from '../../incremental/planBuild.ts'
import { filesWithSizes, stageBeside, swapIntoPlace, updateInPlace } from '../output/outputDir.ts'
import { summarizeFiles, type OutputSummary } from '../output/summarizeOutput.ts'

export interface SwapInput {
  /** The finished output, in the work folder. */
  client: string
  outDir: string
  /** How the output is shown to the user (dist). */
  shownOut: string
  redirectFiles: ReadonlySet<string>
  /** A rebuild that takes pages over updates the output in place: the files it keeps from it, with their sizes, and the files it holds (the survey's), if known. */
  update?: { kept: Map<string, number>; present?: readonly string[] } & Pick<OutputFiles, 'recordedSiteFiles' | 'recordedPages'>
  /** The build's plan: the previous output's files that go are planned here (planBuild.ts withRemovals). */
  plan: BuildPlan
}

export interface Swapped {
  output: Omit<OutputSummary, 'largestScript'>
  /** The previous output, set aside: removing it takes a while, and is left to the end of the build. */
  previous?: string
  /** The plan, with the files removed. */
  plan: BuildPlan
}

/** The swap stage: the new output replaces the old in two renames, or moves its new files in following a journal; the old is whole until then. */
export function swapOutput({ client, outDir, shownOut, redirectFiles, update, plan }: SwapInput): Swapped {
  const staging = stageBeside(client, outDir)
  if (update) {
    // Pages taken over stay, new files go in, the plan's removals go; from the journal on, this build or the next finishes it.
    try {
      const previous = update.present ?? filesUnder(outDir)
      const incoming = filesWithSizes(staging)
      const planned = withRemovals(plan, { ...update, previous, made: incoming })
      return { output: updateInPlace(staging, outDir, { kept: update.kept, removed: filesTo(planned, 'removed'), incoming }, redirectFiles, previous), plan: planned }
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
  // A first build replaced nothing.
  return { output: summarizeFiles(filesWithSizes(outDir), redirectFiles), previous, plan: previous ? withRemovals(plan, undefined) : plan }
}
