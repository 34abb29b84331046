// A rendering thread: renders its share of the pages as the CLI's thread does (see renderInThreads.ts).
import { parentPort, workerData } from 'node:worker_threads'
import { useCompiledVike } from '../../compiledVike.ts'
import { internalError, toWire } from '../../errors.ts'
import { loadServerRuntime, renderPages } from './renderPages.ts'
import type { RenderJob, RenderMessage } from './renderInThreads.ts'

const PROGRESS_EVERY = 20

if (!parentPort) throw internalError('renderWorker runs as a worker thread only')
const port = parentPort
useCompiledVike()
const { runtimeKey, ...job } = workerData as RenderJob
const onProgress = (pages: number) => {
  if (pages % PROGRESS_EVERY === 0) port.postMessage({ progress: pages } satisfies RenderMessage)
}
renderPages({ ...job, onProgress }, loadServerRuntime(job.workDir, runtimeKey))
  .then((rendered) => port.postMessage({ done: true, ...rendered } satisfies RenderMessage))
  // Posted, not thrown: vike's handlers of uncaught errors would log it and let the thread end with code 0.
  .catch((error: unknown) => port.postMessage({ failed: toWire(error) } satisfies RenderMessage))
