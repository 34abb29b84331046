// A post-loading worker thread: loads its share of the post files (see postPool.ts).
import { parentPort, workerData } from 'node:worker_threads'
import { internalError } from '../errors.ts'
import { loadPostFiles, type PostFilesJob } from './loadPosts.ts'
import { toWire, type PostWorkerMessage } from './postPool.ts'
import { createMarkdownRenderer } from './renderMarkdown.ts'

/** Posts sent back together: the worker never holds all of its share, nor a copy of it. */
const BATCH = 200

if (!parentPort) throw internalError('postWorker runs as a worker thread only')
const job = workerData as PostFilesJob
const render = createMarkdownRenderer()
for (let start = 0; start < job.names.length; start += BATCH) {
  const outcomes = loadPostFiles({ ...job, names: job.names.slice(start, start + BATCH) }, render)
  parentPort.postMessage({ outcomes: outcomes.map(({ result, ...outcome }) => (result ? { ...outcome, result: toWire(result) } : outcome)) } satisfies PostWorkerMessage)
}
parentPort.postMessage({ done: true } satisfies PostWorkerMessage)
