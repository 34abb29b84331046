// A prerender worker thread: renders its share of the pages (see prerenderPages.ts).
import { parentPort, workerData } from 'node:worker_threads'
import { useCompiledVike } from '../../compiledVike.ts'
import { internalError } from '../../errors.ts'
import type { PrerenderTimes } from '../buildProfile.ts'
import type { WrittenPage } from './pageWriter.ts'
import { prerenderShare, type PrerenderJob } from './prerenderShare.ts'

/** What a worker tells the CLI. */
export type WorkerMessage = { type: 'configLoaded'; pages: 0 } | { type: 'progress'; pages: number } | { type: 'done'; pages: number; times: PrerenderTimes; written: [filePath: string, page: WrittenPage][] }
/** What the CLI tells a worker: it may render. */
export type WorkerCommand = { type: 'go' }

const PROGRESS_EVERY = 20

if (!parentPort) throw internalError('prerenderWorker runs as a worker thread only')
const port = parentPort
useCompiledVike()
const { pages, times, written } = await prerenderShare(
  workerData as PrerenderJob,
  (count) => {
    if (count % PROGRESS_EVERY === 0) port.postMessage({ type: 'progress', pages: count } satisfies WorkerMessage)
  },
  () =>
    new Promise<void>((resolve) => {
      port.once('message', (command: WorkerCommand) => command.type === 'go' && resolve())
      port.postMessage({ type: 'configLoaded', pages: 0 } satisfies WorkerMessage)
    }),
)
port.postMessage({ type: 'done', pages, times, written } satisfies WorkerMessage)
