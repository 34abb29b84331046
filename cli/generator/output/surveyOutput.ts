import { Worker } from 'node:worker_threads'
import { compiledEntry } from '../../toolRoot.ts'
import { filesUnder } from '../../util/filesUnder.ts'
import { manifestFile, manifestFromText, readPreviousOutput, type PreviousOutput } from '../prerender/pagePlan.ts'

// A rebuild takes over the previous output's unchanged pages, after checking each file against
// the manifest, and then updates the output in place, which needs every file it holds. The check
// comes first: the prerender waits for it, and the list is needed only once the pages are written. At 4,000
// posts that is 7,000 folders to list and 7,000 files to stat: half a second on the thread that
// reads the posts and hashes the pages, and as long again through libuv's threads, whose
// callbacks come back to it. A thread of its own does it beside the posts phase, on the core that
// phase leaves mostly idle in a rebuild.

/** What the output folder holds before the build changes it. */
export interface OutputSurvey {
  previous: PreviousOutput
  /**
   * Every file, relative to the output folder: listed once `previous` is known (the prerender
   * waits for that, the write for this).
   */
  files: Promise<string[]>
}

/** What the survey thread is given: paths, as the calling thread resolves them. */
export interface SurveyRequest {
  outDir: string
  /** The previous build's manifest (pagePlan.ts). */
  manifest: string
}

/**
 * The survey thread's two messages: the manifest checked (its text, if it is one of this output,
 * and a flag for each of its pages, in order: 1 when its files are as recorded), then the files
 * listed. The text, not the object: a string crosses threads as one copy, where a 4,000-post
 * site's manifest as an object took 35-40 ms of the CLI's thread to take in.
 */
export type SurveyMessage = { manifest?: string; intact: Uint8Array } | { files: string[] }

/** What the survey thread found, in the calling thread. */
function previousFrom(outDir: string, { manifest: text, intact: flags }: Extract<SurveyMessage, { intact: Uint8Array }>): PreviousOutput {
  const manifest = manifestFromText(outDir, text)
  const intact = new Set<string>()
  let at = 0
  for (const url of manifest?.pages.keys() ?? []) if (flags[at++] === 1) intact.add(url)
  return { manifest, intact }
}

/**
 * Surveys `outDir` in a thread of its own when the CLI runs compiled (else in this one). Start it
 * only while holding the work folder's lock: nothing else may write into the output meanwhile.
 */
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
