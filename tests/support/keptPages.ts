import { pageFile, takeOver, type PreviousOutput, type ReusedPages } from '../../cli/incremental/pages/pagePlan.ts'
import { planBuild } from '../../cli/incremental/planBuild.ts'

/**
 * The pages of `previous` the plan keeps for a build whose pages have `hashes` (and nothing else
 * changed), as the prerender takes them over: their URLs, their files and their records.
 */
export function keptPages(hashes: Map<string, string>, previous: PreviousOutput): ReusedPages & { urls: string[] } {
  const { kept } = planBuild(previous, { hashes: { hashes, data: new Map(), bundle: '' }, postUrls: [], cached: true, restored: true, surveyed: false, pageFile, threadCount: () => 1 })
  return { urls: kept, ...takeOver(kept, previous.manifest) }
}
