// A post-loading worker thread: loads its share of the post files (see postPool.ts).
import { parentPort, workerData } from 'node:worker_threads'
import { internalError } from '../../errors.ts'
import { renderBodies, summarizePostFiles, type Summarized } from './loadPosts.ts'
import { createMarkdownRenderer } from '../markdown/renderMarkdown.ts'
import { bodyToWire, toWire, type PostWorkerData, type PostWorkerMessage, type WireBody } from './postPool.ts'

/** Posts summarized, then bodies rendered, sent back together: the worker never holds all of its share's output, nor a copy of it. */
const BATCH = 200
/** Fewer bodies a batch: a build may be waiting for one to write its page. */
const BODY_BATCH = 16

if (!parentPort) throw internalError('postWorker runs as a worker thread only')
const port = parentPort
const { current, ...job } = workerData as PostWorkerData
const toRender: Summarized[] = []
for (let start = 0; start < job.names.length; start += BATCH) {
  // Which file this thread is on, where the CLI's thread can read it if this one dies.
  const share = summarizePostFiles({ ...job, names: job.names.slice(start, start + BATCH) }, (index) => Atomics.store(current, 0, start + index))
  toRender.push(...share.toRender)
  port.postMessage({ outcomes: share.outcomes.map(({ result, ...outcome }) => (result ? { ...outcome, result: toWire(result) } : outcome)) } satisfies PostWorkerMessage)
}
port.postMessage({ summarized: true } satisfies PostWorkerMessage)

const positions = new Map(job.names.map((name, index) => [name, index]))
let bodies: [string, WireBody][] = []
const onPost = (summary: Summarized) => Atomics.store(current, 0, positions.get(summary.post.sourceFile)!)
for (const [summary, body] of renderBodies(toRender, createMarkdownRenderer({ labels: job.labels }), onPost)) {
  bodies.push([summary.post.sourceFile, bodyToWire(body)])
  if (bodies.length < BODY_BATCH) continue
  port.postMessage({ bodies } satisfies PostWorkerMessage)
  bodies = []
}
if (bodies.length) port.postMessage({ bodies } satisfies PostWorkerMessage)
port.postMessage({ done: true } satisfies PostWorkerMessage)
