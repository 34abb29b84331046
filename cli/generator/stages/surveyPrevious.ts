import { existsSync } from 'node:fs'
import { manifestFile } from '../../incremental/pages/pagePlan.ts'
import { surveyOutput, type OutputSurvey } from '../output/surveyOutput.ts'
import type { Bundle } from './bundleSite.ts'
import { quietly } from './quietly.ts'

/** The output survey stage, in its own thread from the build's start whenever there is a manifest (only cached bundles take pages over). Only under the lock. */
export function surveyPrevious(outDir: string, useCache: boolean): (bundle: Promise<Bundle>) => Promise<OutputSurvey | undefined> {
  const surveying = useCache && existsSync(manifestFile(outDir)) ? quietly(surveyOutput(outDir)) : undefined
  return (bundle) => quietly(bundle.then((made) => (made.restored ? surveying : undefined)))
}
