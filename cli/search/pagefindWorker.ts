// The Pagefind thread: drives Pagefind's process for the CLI's thread (see pagefindRunner.ts).
import { parentPort } from 'node:worker_threads'
import * as pagefind from 'pagefind'
import { internalError, toWire } from '../errors.ts'
import { pagefindShard, type PagefindAnswer, type PagefindRequest, type PagefindShard } from './pagefindRunner.ts'

if (!parentPort) throw internalError('pagefindWorker runs as a worker thread only')
const port = parentPort
/** The indexes being made, by the id the CLI's thread gave them. */
const shards = new Map<number, PagefindShard>()
port.on('message', async (request: PagefindRequest) => {
  if ('close' in request) {
    await pagefind.close()
    return port.postMessage({ closed: true } satisfies PagefindAnswer)
  }
  const { id } = request
  if ('open' in request) return void shards.set(id, pagefindShard(request.language, () => port.postMessage({ id, taken: true } satisfies PagefindAnswer)))
  const shard = shards.get(request.id)!
  // The CLI's thread waits for room (PagefindShard.add): this one sends each page on at once.
  if ('url' in request) return void shard.add(request.url, request.content)
  shards.delete(request.id)
  try {
    await shard.write(request.building)
    port.postMessage({ id: request.id } satisfies PagefindAnswer)
  } catch (error) {
    port.postMessage({ id: request.id, failed: toWire(error) } satisfies PagefindAnswer)
  }
})
