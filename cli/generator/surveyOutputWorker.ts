// The output survey thread: lists and checks the previous output (see surveyOutput.ts).
import { parentPort, workerData } from 'node:worker_threads'
import { internalError } from '../errors.ts'
import { filesUnder } from '../util/filesUnder.ts'
import { previousOutput, readManifestText } from './pagePlan.ts'
import type { SurveyMessage, SurveyRequest } from './surveyOutput.ts'

if (!parentPort) throw internalError('surveyOutputWorker runs as a worker thread only')
const { outDir, manifest } = workerData as SurveyRequest
const text = readManifestText(manifest)
parentPort.postMessage({ manifest: text, found: previousOutput(outDir, text).found } satisfies SurveyMessage)
parentPort.postMessage({ files: filesUnder(outDir) } satisfies SurveyMessage)
