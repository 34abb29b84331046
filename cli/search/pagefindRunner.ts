import { Worker } from 'node:worker_threads'
import * as pagefind from 'pagefind'
import { KubeSiteError, fromWire, type WiredError } from '../errors.ts'
import { compiledEntry } from '../toolRoot.ts'

// Pagefind's API answers on the calling thread's loop: from the busy CLI thread a 30 ms shard took 230. A thread of its own answers at once.

/** Pagefind's options for every index in `language` (the same in every shard): its stemmer, none matching words as written, and the index's name. */
export const indexOptions = (language: string) => ({ forceLanguage: language })

export const searchError = (message: string) => new KubeSiteError('SEARCH_FAILED', `The search index could not be built: ${message}`)

/** Makes Pagefind's indexes. */
export interface PagefindRunner {
  /** A new index of pages in `language`, numbered in the order they are added. */
  open(language: string): PagefindShard
  /** Stops Pagefind's process once every call has settled. */
  close(): Promise<void>
}

/** One index being made: pages go to Pagefind as they are added, and it is written once whole. */
export interface PagefindShard {
  /** Sends a page at once, resolving when the next may go (PAGES_IN_FLIGHT bound the copies held); a refused page fails `write`. */
  add(url: string, content: string): Promise<void>
  /** Writes the index to `building` once every page added is in, and deletes it from Pagefind's memory. */
  write(building: string): Promise<void>
}

/** What the Pagefind thread is sent: an index to make, a page of it, the index to write, or the end. */
export type PagefindRequest =
  | { id: number; open: true; language: string }
  | { id: number; url: string; content: string }
  | { id: number; building: string }
  | { close: true }
/** What it answers: a page of an index taken by Pagefind, an index written or failed, or that Pagefind's process is closed. */
export type PagefindAnswer = { id: number; taken: true } | { id: number; failed?: WiredError } | { closed: true }

/** How many of an index's pages are on their way to Pagefind's process at once. */
const PAGES_IN_FLIGHT = 32

/** A shard's pages on their way to Pagefind: `sent` resolves once there is room for the next. */
function pagesInFlight() {
  let onTheirWay = 0
  let room: PromiseWithResolvers<void> | undefined
  const free = () => {
    room?.resolve()
    room = undefined
  }
  return {
    sent(): Promise<void> {
      if (++onTheirWay < PAGES_IN_FLIGHT) return Promise.resolve()
      room ??= Promise.withResolvers()
      return room.promise
    },
    taken(): void {
      if (--onTheirWay < PAGES_IN_FLIGHT) free()
    },
    /** Pagefind is gone: nobody waits for it (the index's `write` says why). */
    free,
  }
}

/** Pagefind's part of a shard, fed as bodies render; pages go in the blog's order (Pagefind numbers them as taken), never as bodies come. */
export function pagefindShard(language: string, onTaken?: () => void): PagefindShard {
  const made = pagefind.createIndex(indexOptions(language)).then(({ index, errors }) => {
    if (!index) throw searchError(`Pagefind could not start: ${errors.join('; ')}`)
    return index
  })
  // Its failure is `write`'s to report.
  made.catch(() => {})
  const failed: string[] = []
  const added: Promise<void>[] = []
  const inFlight = pagesInFlight()
  return {
    add(url, content) {
      // Each call is sent once the index is made, in the order `add` was called.
      const page = made
        .then((index) => index.addHTMLFile({ url, content }))
        .then(({ errors }) => void failed.push(...errors), (error: unknown) => void failed.push((error as Error)?.message ?? String(error)))
        .finally(() => {
          inFlight.taken()
          onTaken?.()
        })
      added.push(page)
      return inFlight.sent()
    },
    async write(building) {
      const index = await made
      try {
        await Promise.all(added)
        if (failed.length) throw searchError(`Pagefind could not index the pages of ${added.length} posts: ${failed.join('; ')}`)
        const written = await index.writeFiles({ outputPath: building })
        if (written.errors.length) throw searchError(`Pagefind could not write the index: ${written.errors.join('; ')}`)
      } finally {
        await index.deleteIndex().catch(() => {})
      }
    },
  }
}

/** Pagefind processes a build runs at most, each driven by its own thread: one process makes one shard at a time (its main thread does most of it). */
export const PAGEFIND_LANES = 2

/** Pagefind driven from threads of their own when the CLI runs compiled (each index in the one with fewest open, a new one under `lanes`), else from this one. */
export function openPagefind(workerFile = compiledEntry('pagefindWorker'), lanes = PAGEFIND_LANES): PagefindRunner {
  if (!workerFile) return { open: pagefindShard, close: async () => void (await pagefind.close()) }
  const threads: ReturnType<typeof pagefindThread>[] = []
  return {
    open(language) {
      const least = threads.toSorted((a, b) => a.held() - b.held())[0]
      const thread = least && (least.held() === 0 || threads.length >= lanes) ? least : threads[threads.push(pagefindThread(workerFile)) - 1]!
      return thread.index(language)
    },
    close: async () => void (await Promise.all(threads.map((thread) => thread.close()))),
  }
}

/** One thread driving one Pagefind process. */
function pagefindThread(workerFile: string): { held(): number; index(language: string): PagefindShard; close(): Promise<void> } {
  const worker = new Worker(workerFile)
  const pending = new Map<number, { resolve(): void; reject(error: Error): void }>()
  /** Each index's pages on their way, by its id. */
  const flows = new Map<number, ReturnType<typeof pagesInFlight>>()
  let closed: (() => void) | undefined
  let ended: Error | undefined
  let next = 0
  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error)
    pending.clear()
    for (const inFlight of flows.values()) inFlight.free()
    closed?.()
  }
  worker.on('message', (answer: PagefindAnswer) => {
    if ('closed' in answer) return closed?.()
    if ('taken' in answer) return flows.get(answer.id)?.taken()
    const call = pending.get(answer.id)
    pending.delete(answer.id)
    flows.delete(answer.id)
    if (!answer.failed) return call?.resolve()
    call?.reject(fromWire(answer.failed, searchError))
  })
  worker.on('error', failAll)
  worker.on('exit', (code) => {
    ended = searchError(`the Pagefind thread stopped (exit code ${code})`)
    failAll(ended)
  })
  return {
    /** The indexes it holds: made and not yet written. */
    held: () => flows.size,
    index(language) {
      const id = next++
      const inFlight = pagesInFlight()
      flows.set(id, inFlight)
      worker.postMessage({ id, open: true, language } satisfies PagefindRequest)
      return {
        add(url, content) {
          if (ended) return Promise.resolve()
          worker.postMessage({ id, url, content } satisfies PagefindRequest)
          return inFlight.sent()
        },
        write: (building) =>
          new Promise<void>((resolve, reject) => {
            if (ended) return reject(ended)
            pending.set(id, { resolve, reject })
            worker.postMessage({ id, building } satisfies PagefindRequest)
          }),
      }
    },
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
