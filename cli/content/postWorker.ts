// A post-loading worker thread: loads its share of the post files (see postPool.ts).
import { parentPort, workerData } from 'node:worker_threads'
import { internalError } from '../errors.ts'
import { loadPostFiles } from './loadPosts.ts'
import { toWire, type PostWorkerData, type PostWorkerMessage } from './postPool.ts'
import { createMarkdownRenderer } from './renderMarkdown.ts'

/** Posts sent back together: the worker never holds all of its share, nor a copy of it. */
const BATCH = 200

if (!parentPort) throw internalError('postWorker runs as a worker thread only')
const { current, ...job } = workerData as PostWorkerData
const render = createMarkdownRenderer()
for (let start = 0; start < job.names.length; start += BATCH) {
  // Which file this thread is on, where the CLI's thread can read it if this one dies.
  const outcomes = loadPostFiles({ ...job, names: job.names.slice(start, start + BATCH) }, render, (index) => Atomics.store(current, 0, start + index))
  parentPort.postMessage({ outcomes: outcomes.map(({ result, ...outcome }) => (result ? { ...outcome, result: toWire(result) } : outcome)) } satisfies PostWorkerMessage)
}
parentPort.postMessage({ done: true } satisfies PostWorkerMessage)
