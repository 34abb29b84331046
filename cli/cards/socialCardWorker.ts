// A social card thread: renders its share of the cards into the cache (see socialCards.ts).
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { internalError } from '../errors.ts'
import { renderCards, type CardWorkerData } from './socialCards.ts'

if (!parentPort) throw internalError('socialCardWorker runs as a worker thread only')
// The lowest priority, for this thread alone: Linux keeps a nice value per thread, and 0 names the calling one (elsewhere it would be the whole build's, which is left as it is).
if (process.platform === 'linux') {
  try {
    setPriority(0, 19)
  } catch {
    // Not allowed here: the cards take their share like any thread.
  }
}
const port = parentPort
const { template, jobs } = workerData as CardWorkerData
renderCards(jobs, template).then((times) => port.postMessage(times), (error: unknown) => port.postMessage({ failed: (error as Error)?.message ?? String(error) }))
