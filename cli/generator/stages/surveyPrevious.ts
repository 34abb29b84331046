import { surveyOutput, type OutputSurvey } from '../surveyOutput.ts'
import type { Bundle } from './bundleSite.ts'
import { quietly } from './quietly.ts'

/**
 * The output survey stage: what the previous output holds, listed and checked against its
 * manifest in a thread of its own, beside the posts. Only a rebuild whose bundle came from the
 * cache can take pages over (a new bundle changes every page's hash), so only it surveys.
 */
export function surveyPrevious(bundle: Promise<Bundle>, outDir: string): Promise<OutputSurvey | undefined> {
  return quietly(bundle.then((made) => (made.restored ? surveyOutput(outDir) : undefined)))
}
