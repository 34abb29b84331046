import { existsSync } from 'node:fs'
import { manifestFile } from '../prerender/pagePlan.ts'
import { surveyOutput, type OutputSurvey } from '../output/surveyOutput.ts'
import type { Bundle } from './bundleSite.ts'
import { quietly } from './quietly.ts'

/**
 * The output survey stage: what the previous output holds, listed and checked against its
 * manifest in a thread of its own. Only a rebuild whose bundle came from the cache can take pages
 * over (a new bundle changes every page's hash), so only it uses the survey; but the survey starts
 * with the build, on the core the posts leave idle, whenever there is a manifest to check against:
 * begun once the bundle was known restored, a one-post rebuild at 4,000 posts waited 0.06-0.23 s
 * for it before it could plan its pages. Start it only while holding the work folder's lock.
 */
export function surveyPrevious(outDir: string, useCache: boolean): (bundle: Promise<Bundle>) => Promise<OutputSurvey | undefined> {
  const surveying = useCache && existsSync(manifestFile(outDir)) ? quietly(surveyOutput(outDir)) : undefined
  return (bundle) => quietly(bundle.then((made) => (made.restored ? surveying : undefined)))
}
