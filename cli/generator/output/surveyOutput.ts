import { Worker } from 'node:worker_threads'
import { compiledEntry } from '../../toolRoot.ts'
import { filesUnder } from '../../util/filesUnder.ts'
import { manifestFile, manifestFromText, readPreviousOutput, type PreviousOutput } from '../../incremental/pages/pagePlan.ts'

// A rebuild checks the previous output against its manifest and lists its files (7,000 folders at 4,000 posts) in a thread of its own beside the posts phase.

/** What the output folder holds before the build changes it. */
export interface OutputSurvey {
  previous: PreviousOutput
  /** Every file, relative to the output folder, listed once `previous` is known. */
  files: Promise<string[]>
}

/** What the survey thread is given: paths, as the calling thread resolves them. */
export interface SurveyRequest {
  outDir: string
  /** The previous build's manifest (pagePlan.ts). */
  manifest: string
}

/** The survey thread's messages: the manifest checked (its text, a flag per page), then the files. Text crosses threads as one copy (35-40 ms saved). */
export type SurveyMessage = { manifest?: string; intact: Uint8Array } | { files: string[] }

/** What the survey thread found, in the calling thread. */
function previousFrom(outDir: string, { manifest: text, intact: flags }: Extract<SurveyMessage, { intact: Uint8Array }>): PreviousOutput {
  const manifest = manifestFromText(outDir, text)
  const intact = new Set<string>()
  let at = 0
  for (const url of manifest?.pages.keys() ?? []) if (flags[at++] === 1) intact.add(url)
  return { manifest, intact }
}

/** Surveys `outDir` in its own thread when compiled (else in this one). Only while holding the work folder's lock. */
export function surveyOutput(outDir: string, workerFile = compiledEntry('surveyOutput')): Promise<OutputSurvey> {
  const request: SurveyRequest = { outDir, manifest: manifestFile(outDir) }
  if (!workerFile) return Promise.resolve().then(() => ({ previous: readPreviousOutput(outDir), files: Promise.resolve(filesUnder(outDir)) }))
  const listed = Promise.withResolvers<string[]>()
  // Awaited by the write; a failure before then is the prerender's to report.
  listed.promise.catch(() => {})
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile, { workerData: request })
    worker.on('message', (message: SurveyMessage) =>
      'intact' in message ? resolve({ previous: previousFrom(outDir, message), files: listed.promise }) : listed.resolve(message.files),
    )
    const failed = (error: Error) => {
      reject(error)
      listed.reject(error)
    }
    worker.once('error', failed)
    worker.once('exit', (code) => failed(new Error(`the output survey thread exited (${code}) before it answered`)))
  })
}
