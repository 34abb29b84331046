// The output survey thread: lists and checks the previous output (see surveyOutput.ts).
import { parentPort, workerData } from 'node:worker_threads'
import { internalError } from '../errors.ts'
import { surveyOutputNow, type SurveyRequest } from './surveyOutput.ts'

if (!parentPort) throw internalError('surveyOutputWorker runs as a worker thread only')
parentPort.postMessage(surveyOutputNow(workerData as SurveyRequest))
