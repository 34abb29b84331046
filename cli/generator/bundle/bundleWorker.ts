// The bundle's thread: vike's build of the site (see buildBundle.ts).
import { parentPort, workerData } from 'node:worker_threads'
import { once } from 'node:events'
import { useCompiledVike } from '../../compiledVike.ts'
import { internalError, toWire } from '../../errors.ts'
import { bundleHere, type BundleJob, type BundleMessage } from './buildBundle.ts'

if (!parentPort) throw internalError('bundleWorker runs as a worker thread only')
const port = parentPort
useCompiledVike()
// The config module's exports come once the pictures are made, while vite loads.
const exports = once(port, 'message').then(([made]) => made as Record<string, unknown>)
bundleHere(workerData as BundleJob, exports, (built, ms) => port.postMessage({ built, ms } satisfies BundleMessage))
  .then(({ loadingMs }) => port.postMessage({ done: true, loadingMs } satisfies BundleMessage))
  // Posted, not thrown: vike's handlers of uncaught errors would log it and let the thread end with code 0.
  .catch((error: unknown) => port.postMessage({ failed: toWire(error) } satisfies BundleMessage))
