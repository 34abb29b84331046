import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { Worker } from 'node:worker_threads'
import { KubeSiteError } from '../errors.ts'
import { compiledEntry } from '../toolRoot.ts'

// Writing a page is a mkdir and a write, and on this kind of machine their cost swings tenfold:
// ext4 without a journal scans past recently freed inodes before it hands out a new one, so a
// build soon after a large deletion spent 6 of its 14 prerender seconds in them. A writer thread
// takes them off the thread that renders, onto the core the prerender leaves mostly idle. Files
// cross in batches; past a bound of unwritten text, the renderer waits.

/** Files sent together: a message each would cost more than the copy. */
const BATCH_FILES = 32
const BATCH_CHARS = 512 * 1024

/** What the CLI sends the writer thread. */
export type WriterCommand = { files: [path: string, content: string][]; chars: number } | { close: true }
/** What the writer thread answers. */
export type WriterMessage = { written: number } | { failed: string } | { closed: true; busyMs: number }

export interface PageWriter {
  /** Queues a file (its folder is made); a promise when the caller must wait before the next. */
  write(filePath: string, content: string): Promise<void> | undefined
  /** Resolves once every file is on disk, with the ms a writer thread spent writing (0 without one); rejects with the first failure. */
  close(): Promise<number>
  /** Stops at once, writing nothing more (the build failed). */
  abort(): Promise<void>
}

export interface PageWriterOptions {
  /** The compiled writer thread; default: the CLI's, or none from source (unit tests). */
  workerFile?: string
  /** Characters queued and not yet written past which `write` makes the caller wait… */
  highWater?: number
  /** …until the writer is back under this many. */
  lowWater?: number
}

/** Writes files in the calling thread, as the writer thread does with those it is sent. */
export function createDirectWriter(): PageWriter & { writeNow(filePath: string, content: string): void } {
  const madeDirs = new Set<string>()
  const writeNow = (filePath: string, content: string) => {
    const dir = dirname(filePath)
    if (!madeDirs.has(dir)) mkdirSync(dir, { recursive: true })
    madeDirs.add(dir)
    writeFileSync(filePath, content)
  }
  return { writeNow, write: (filePath, content) => void writeNow(filePath, content), close: async () => 0, abort: async () => {} }
}

/** A writer thread when the CLI runs compiled, else writes in this thread. */
export function openPageWriter({ workerFile = compiledEntry('pageWriter'), highWater = 16 * 2 ** 20, lowWater = 4 * 2 ** 20 }: PageWriterOptions = {}): PageWriter {
  if (!workerFile) return createDirectWriter()
  const worker = new Worker(workerFile)
  let batch: [string, string][] = []
  let batchChars = 0
  let unwritten = 0
  let failure: Error | undefined
  // vike writes a page's two files at once, and renders a few pages at once: several may wait.
  const waiting: (() => void)[] = []
  const wake = () => {
    for (const resolve of waiting.splice(0)) resolve()
  }
  let closed: (() => void) | undefined
  let busyMs = 0
  const fail = (error: Error) => {
    failure ??= error
    wake()
    closed?.()
  }
  worker.on('message', (message: WriterMessage) => {
    if ('written' in message) {
      unwritten -= message.written
      if (unwritten <= lowWater) wake()
    } else if ('failed' in message) fail(new KubeSiteError('BUILD_FAILED', `Could not write the site: ${message.failed}`))
    else {
      busyMs = message.busyMs
      closed?.()
    }
  })
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new KubeSiteError('BUILD_FAILED', `The page writer thread stopped (exit code ${code}) before it finished`)))
  const flush = () => {
    if (!batch.length) return
    worker.postMessage({ files: batch, chars: batchChars } satisfies WriterCommand)
    batch = []
    batchChars = 0
  }
  const stop = async () => {
    worker.removeAllListeners('exit')
    await worker.terminate()
  }
  return {
    write(filePath, content) {
      if (failure) throw failure
      batch.push([filePath, content])
      batchChars += content.length
      unwritten += content.length
      if (batch.length >= BATCH_FILES || batchChars >= BATCH_CHARS) flush()
      if (unwritten < highWater) return undefined
      flush()
      return new Promise<void>((resolve) => waiting.push(resolve)).then(() => {
        if (failure) throw failure
      })
    },
    async close() {
      try {
        if (!failure) {
          flush()
          await new Promise<void>((resolve) => {
            closed = resolve
            worker.postMessage({ close: true } satisfies WriterCommand)
          })
        }
        if (failure) throw failure
        return busyMs
      } finally {
        await stop()
      }
    },
    abort: stop,
  }
}
