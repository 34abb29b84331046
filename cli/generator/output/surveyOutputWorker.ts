// The output survey thread: lists and checks the previous output (see surveyOutput.ts).
import { parentPort, workerData } from 'node:worker_threads'
import { internalError } from '../../errors.ts'
import { filesUnder } from '../../util/filesUnder.ts'
import { intactPages, manifestFromText } from '../../incremental/pages/pagePlan.ts'
import { readTextFile } from '../../util/readFile.ts'
import type { SurveyMessage, SurveyRequest } from './surveyOutput.ts'

if (!parentPort) throw internalError('surveyOutputWorker runs as a worker thread only')
const { outDir, manifest } = workerData as SurveyRequest
const text = readTextFile(manifest)
const recorded = manifestFromText(outDir, text)
const intact = recorded ? intactPages(outDir, recorded) : new Set<string>()
// Which pages are intact, by their place in the manifest: a flag each, where their URLs would be copied.
const flags = recorded ? Uint8Array.from(recorded.pages.keys(), (url) => (intact.has(url) ? 1 : 0)) : new Uint8Array()
parentPort.postMessage({ manifest: recorded && text, intact: flags } satisfies SurveyMessage, [flags.buffer])
parentPort.postMessage({ files: filesUnder(outDir) } satisfies SurveyMessage)
