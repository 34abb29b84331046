// A post-loading worker thread: loads its share of the post files (see postPool.ts).
import { parentPort, workerData } from 'node:worker_threads'
import { internalError } from '../errors.ts'
import { loadPostFiles, type PostFilesJob } from './loadPosts.ts'
import { toWire } from './postPool.ts'

if (!parentPort) throw internalError('postWorker runs as a worker thread only')
const outcomes = loadPostFiles(workerData as PostFilesJob)
parentPort.postMessage(outcomes.map(({ result, ...outcome }) => (result ? { ...outcome, result: toWire(result) } : outcome)))
