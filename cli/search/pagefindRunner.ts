import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
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
  /** An index of the pages at `urls` in `source` (pageFile), numbered in that order, written to `building` (one call at a time). */
  index(source: string, building: string, urls: readonly string[]): Promise<void>
  /** Stops Pagefind's process once every call has settled. */
  close(): Promise<void>
}

/** What the Pagefind thread is sent: a shard to index, or the end. */
export type PagefindRequest = { id: number; source: string; building: string; urls: readonly string[] } | { close: true }
/** What it answers: a shard written or failed, or that Pagefind's process is closed. */
export type PagefindAnswer = { id: number; failed?: { message: string; code?: ErrorCode } } | { closed: true }

/** Where the page at `url` ('/blog/slug/') is written in a folder of pages for Pagefind. */
export const pageFile = (source: string, url: string): string => join(source, ...url.split('/').filter(Boolean), 'index.html')

/** How many pages are on their way to Pagefind's process at once: its service takes them one at a time, in the order sent. */
const PAGES_IN_FLIGHT = 32

/**
 * Pagefind's part of a shard: an index made of the pages at `urls` in `source`, written to
 * `building`, and deleted from Pagefind's memory. Pagefind numbers an index's pages in the order
 * it takes them in, and its filters and word index name pages by number: each page is given to it
 * in the order of `urls`. Its `addDirectory` took them in the order the file system lists a folder
 * (a hash of the names on ext4, the order they were made in on tmpfs), and the same posts made
 * other files on another file system (issue "Node 26 LTS": a build whose cache was on a disk and
 * whose --no-cache folder was on tmpfs).
 */
export async function pagefindIndex(source: string, building: string, urls: readonly string[]): Promise<void> {
  const { index, errors } = await pagefind.createIndex(INDEX_OPTIONS)
  if (!index) throw searchError(`Pagefind could not start: ${errors.join('; ')}`)
  try {
    const sent: Promise<{ errors: string[] }>[] = []
    const failed: string[] = []
    const settle = async (page: Promise<{ errors: string[] }> | undefined) => void failed.push(...((await page)?.errors ?? []))
    for (const url of urls) {
      if (sent.length >= PAGES_IN_FLIGHT) await settle(sent.shift())
      const page = index.addHTMLFile({ url, content: await readFile(pageFile(source, url), 'utf8') })
      // Its failure is taken in its turn, below.
      page.catch(() => {})
      sent.push(page)
    }
    for (const page of sent) await settle(page)
    if (failed.length) throw searchError(`Pagefind could not index the pages of ${urls.length} posts: ${failed.join('; ')}`)
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
    index: (source, building, urls) =>
      new Promise<void>((resolve, reject) => {
        const id = next++
        pending.set(id, { resolve, reject })
        worker.postMessage({ id, source, building, urls } satisfies PagefindRequest)
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
