// The Pagefind thread: drives Pagefind's process for the CLI's thread (see pagefindRunner.ts).
import { parentPort } from 'node:worker_threads'
import * as pagefind from 'pagefind'
import { KubeSiteError, internalError } from '../errors.ts'
import { pagefindIndex, type PagefindAnswer, type PagefindRequest } from './pagefindRunner.ts'

if (!parentPort) throw internalError('pagefindWorker runs as a worker thread only')
const port = parentPort
port.on('message', async (request: PagefindRequest) => {
  if ('close' in request) {
    await pagefind.close()
    return port.postMessage({ closed: true } satisfies PagefindAnswer)
  }
  try {
    await pagefindIndex(request.source, request.building, request.urls)
    port.postMessage({ id: request.id } satisfies PagefindAnswer)
  } catch (error) {
    const failed = error instanceof KubeSiteError ? { message: error.message, code: error.code } : { message: (error as Error)?.message ?? String(error) }
    port.postMessage({ id: request.id, failed } satisfies PagefindAnswer)
  }
})
