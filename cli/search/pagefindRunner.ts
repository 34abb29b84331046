import { Worker } from 'node:worker_threads'
import * as pagefind from 'pagefind'
import { KubeSiteError, type ErrorCode } from '../errors.ts'
import { compiledEntry } from '../toolRoot.ts'

// Pagefind's Node API drives its service (a process of its own) by messages, and each answer is
// taken in on the thread that sent the call, when that thread's event loop turns. A shard's index
// is four calls (made, pages added, written, deleted); driven from the CLI's thread, busy in long
// stretches while the prerender and the write go on, a one-post rebuild's shard of one post took
// 230 ms, of which Pagefind needs 30: its first answer alone waited 190 ms. A thread of its own
// takes each answer at once, and tells the CLI's thread once, when the shard is written.

/** Pagefind's options for every index: ranking and language must be the same in every shard. */
export const INDEX_OPTIONS = { forceLanguage: 'en' } as const

export const searchError = (message: string) => new KubeSiteError('SEARCH_FAILED', `The search index could not be built: ${message}`)

/** Makes Pagefind's indexes. */
export interface PagefindRunner {
  /** An index of the pages in `source`, written to `building` (one call at a time). */
  index(source: string, building: string, postCount: number): Promise<void>
  /** Stops Pagefind's process once every call has settled. */
  close(): Promise<void>
}

/** What the Pagefind thread is sent: a shard to index, or the end. */
export type PagefindRequest = { id: number; source: string; building: string; postCount: number } | { close: true }
/** What it answers: a shard written or failed, or that Pagefind's process is closed. */
export type PagefindAnswer = { id: number; failed?: { message: string; code?: ErrorCode } } | { closed: true }

/** Pagefind's part of a shard: an index made of the pages in `source`, written to `building`, and deleted from Pagefind's memory. */
export async function pagefindIndex(source: string, building: string, postCount: number): Promise<void> {
  const { index, errors } = await pagefind.createIndex(INDEX_OPTIONS)
  if (!index) throw searchError(`Pagefind could not start: ${errors.join('; ')}`)
  try {
    const added = await index.addDirectory({ path: source })
    if (added.errors.length) throw searchError(`Pagefind could not index the pages of ${postCount} posts: ${added.errors.join('; ')}`)
    const written = await index.writeFiles({ outputPath: building })
    if (written.errors.length) throw searchError(`Pagefind could not write the index: ${written.errors.join('; ')}`)
  } finally {
    await index.deleteIndex().catch(() => {})
  }
}

/** Pagefind driven from a thread of its own when the CLI runs compiled, else from this one. */
export function openPagefind(workerFile = compiledEntry('pagefindWorker')): PagefindRunner {
  if (!workerFile) return { index: pagefindIndex, close: async () => void (await pagefind.close()) }
  const worker = new Worker(workerFile)
  const pending = new Map<number, { resolve(): void; reject(error: Error): void }>()
  let closed: (() => void) | undefined
  let ended = false
  let next = 0
  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error)
    pending.clear()
    closed?.()
  }
  worker.on('message', (answer: PagefindAnswer) => {
    if ('closed' in answer) return closed?.()
    const call = pending.get(answer.id)
    pending.delete(answer.id)
    if (!answer.failed) return call?.resolve()
    const { code, message } = answer.failed
    call?.reject(code ? new KubeSiteError(code, message) : searchError(message))
  })
  worker.on('error', failAll)
  worker.on('exit', (code) => {
    ended = true
    failAll(searchError(`the Pagefind thread stopped (exit code ${code})`))
  })
  return {
    index: (source, building, postCount) =>
      new Promise<void>((resolve, reject) => {
        const id = next++
        pending.set(id, { resolve, reject })
        worker.postMessage({ id, source, building, postCount } satisfies PagefindRequest)
      }),
    async close() {
      if (ended) return
      await new Promise<void>((resolve) => {
        closed = resolve
        worker.postMessage({ close: true } satisfies PagefindRequest)
      })
      worker.removeAllListeners('exit')
      await worker.terminate()
    },
  }
}
