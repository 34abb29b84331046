import { existsSync } from 'node:fs'
import { manifestFile } from '../prerender/pagePlan.ts'
import { surveyOutput, type OutputSurvey } from '../output/surveyOutput.ts'
import type { Bundle } from './bundleSite.ts'
import { quietly } from './quietly.ts'

/**
 * The output survey stage: the previous output listed and checked against its manifest in a thread of
 * its own. Only a rebuild with a cached bundle can take pages over, but the survey starts with the build
 * whenever there is a manifest (started later, a rebuild waited for it). Only while holding the lock.
 */
export function surveyPrevious(outDir: string, useCache: boolean): (bundle: Promise<Bundle>) => Promise<OutputSurvey | undefined> {
  const surveying = useCache && existsSync(manifestFile(outDir)) ? quietly(surveyOutput(outDir)) : undefined
  return (bundle) => quietly(bundle.then((made) => (made.restored ? surveying : undefined)))
}
