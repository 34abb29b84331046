import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { Worker } from 'node:worker_threads'
import { KubeSiteError, fromWire, type WiredError } from '../../errors.ts'
import { createPageSecurity } from '../../security/securePage.ts'
import type { PagePolicies } from '../../security/sitePolicies.ts'
import { insertPostBody, type BodyPlace } from './insertPostBody.ts'
import { compiledEntry } from '../../toolRoot.ts'

// A page's mkdir and write cost up to tenfold on ext4 after a large deletion: a writer thread takes them off the renderer, batched, the renderer waiting past a bound.

/** Files sent together: a message each would cost more than the copy. */
const BATCH_FILES = 32
const BATCH_CHARS = 512 * 1024

/** A file to write; for a page, `page`: secured first (securePage.ts), then `body` goes in. */
export type WriterFile = [path: string, content: string, page?: { body?: string }]
/** What the CLI sends the writer thread: first how to secure pages, if they are to be. */
export type WriterCommand = { security: PageSecurityInput } | { files: WriterFile[]; chars: number } | { close: true }
/** What the writer thread answers: with the characters written, what it knows of each page among them. */
export type WriterMessage = { written: number; pages: [filePath: string, page: WrittenPage][] } | { failed: WiredError } | { closed: true; busyMs: number }

/** What the writer knows of a page it wrote, for the manifest: a rebuild taking it over keeps these files and swaps the body. */
export interface WrittenPage {
  /** The output's files the page links as stylesheets, read from the whole page as it was secured; unknown for a page written unsecured (dev). */
  stylesheets?: string[]
  /** For a post's page, where its body went in the page's bytes. */
  body?: BodyPlace
}

/** What securing the pages takes: the site's policies, its URL and base, and the folder the pages are written into. */
export interface PageSecurityInput {
  policies: PagePolicies
  siteUrl: string
  root: string
  base: string
}

export interface PageWriter {
  /** Queues a file (its folder is made); a promise when the caller must wait before the next. */
  write(filePath: string, content: string): Promise<void> | undefined
  /** Queues a page, secured before `body` (a post's, sanitized) is put in; as `write` otherwise. */
  writePage(filePath: string, html: string, body?: string): Promise<void> | undefined
  /** Resolves once every file is on disk, with the ms a writer thread spent writing (0 without one); rejects with the first failure. */
  close(): Promise<number>
  /** Stops at once, writing nothing more (the build failed). */
  abort(): Promise<void>
  /** What it knows of each page it wrote, by the page's path (pagePlan.ts records it): complete once closed. */
  readonly pages: ReadonlyMap<string, WrittenPage>
}

export interface PageWriterOptions {
  /** The compiled writer thread; default: the CLI's, or none from source (unit tests). */
  workerFile?: string
  /** Secure each page written with writePage; a promise (policies wait for every body's remote images) holds files until it resolves. */
  security?: PageSecurityInput | Promise<PageSecurityInput | undefined>
  /** Characters queued and not yet written past which `write` makes the caller wait… */
  highWater?: number
  /** …until the writer is back under this many. */
  lowWater?: number
}

/** Writes files in the calling thread as the writer thread does; writePage notes what it knows of a page in `pages` (the caller's map, when given). */
export function createDirectWriter(input?: PageSecurityInput, pages = new Map<string, WrittenPage>()): PageWriter & { writeNow(...file: WriterFile): WrittenPage | undefined } {
  const madeDirs = new Set<string>()
  const security = input && createPageSecurity(input.policies, input.siteUrl, input.root, input.base)
  const writeNow = (filePath: string, content: string, page?: { body?: string }) => {
    let text = content
    let written: WrittenPage | undefined
    if (page) {
      const secured = security?.secure(filePath, content)
      written = secured ? { stylesheets: secured.stylesheets } : {}
      if (secured) text = secured.html
      if (page.body !== undefined) {
        const inserted = insertPostBody(text, page.body)
        text = inserted.html
        written.body = inserted.place
      }
    } else security?.written(filePath, content)
    const dir = dirname(filePath)
    if (!madeDirs.has(dir)) mkdirSync(dir, { recursive: true })
    madeDirs.add(dir)
    writeFileSync(filePath, text)
    return written
  }
  const notePage = (filePath: string, written: WrittenPage | undefined) => written && pages.set(filePath, written)
  return {
    writeNow,
    pages,
    write: (filePath, content) => void writeNow(filePath, content),
    writePage: (filePath, html, body) => void notePage(filePath, writeNow(filePath, html, { body })),
    close: async () => 0,
    abort: async () => {},
  }
}

/** A direct writer whose security comes later: each write waits for it, in order. */
function deferredDirectWriter(security: Promise<PageSecurityInput | undefined>): PageWriter {
  const pages = new Map<string, WrittenPage>()
  const writer = security.then((input) => createDirectWriter(input, pages))
  let last: Promise<void> = writer.then(() => undefined)
  const after = (write: (direct: Awaited<typeof writer>) => void) => (last = last.then(async () => write(await writer)))
  return {
    write: (filePath, content) => after((direct) => direct.writeNow(filePath, content)),
    writePage: (filePath, html, body) => after((direct) => direct.writePage(filePath, html, body)),
    close: async () => {
      await last
      return 0
    },
    abort: async () => {},
    pages,
  }
}

/** A writer thread when the CLI runs compiled, else writes in this thread. */
export function openPageWriter({ workerFile = compiledEntry('pageWriter'), highWater = 16 * 2 ** 20, lowWater = 4 * 2 ** 20, security }: PageWriterOptions = {}): PageWriter {
  if (!workerFile) return security instanceof Promise ? deferredDirectWriter(security) : createDirectWriter(security)
  const worker = new Worker(workerFile)
  // The thread learns how to secure pages before any page: until then, what is sent is held.
  let held: WriterCommand[] | undefined
  const send = (command: WriterCommand) => (held ? held.push(command) : worker.postMessage(command))
  if (security instanceof Promise) {
    held = []
    security.then(
      (input) => {
        if (input) worker.postMessage({ security: input } satisfies WriterCommand)
        for (const command of held!) worker.postMessage(command)
        held = undefined
      },
      (error: unknown) => fail(error instanceof Error ? error : new Error(String(error))),
    )
  } else if (security) worker.postMessage({ security } satisfies WriterCommand)
  let batch: WriterFile[] = []
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
  const pages = new Map<string, WrittenPage>()
  const fail = (error: Error) => {
    failure ??= error
    wake()
    closed?.()
  }
  worker.on('message', (message: WriterMessage) => {
    if ('written' in message) {
      unwritten -= message.written
      for (const [filePath, page] of message.pages) pages.set(filePath, page)
      if (unwritten <= lowWater) wake()
    } else if ('failed' in message) {
      fail(fromWire(message.failed, (text) => new KubeSiteError('BUILD_FAILED', `Could not write the site: ${text}`)))
    }
    else {
      busyMs = message.busyMs
      closed?.()
    }
  })
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new KubeSiteError('BUILD_FAILED', `The page writer thread stopped (exit code ${code}) before it finished`)))
  const flush = () => {
    if (!batch.length) return
    send({ files: batch, chars: batchChars })
    batch = []
    batchChars = 0
  }
  const stop = async () => {
    worker.removeAllListeners('exit')
    await worker.terminate()
  }
  const queue = (file: WriterFile, chars: number): Promise<void> | undefined => {
    if (failure) throw failure
    batch.push(file)
    batchChars += chars
    unwritten += chars
    if (batch.length >= BATCH_FILES || batchChars >= BATCH_CHARS) flush()
    if (unwritten < highWater) return undefined
    flush()
    return new Promise<void>((resolve) => waiting.push(resolve)).then(() => {
      if (failure) throw failure
    })
  }
  return {
    write: (filePath, content) => queue([filePath, content], content.length),
    writePage: (filePath, html, body) => queue([filePath, html, { body }], html.length + (body?.length ?? 0)),
    async close() {
      try {
        if (!failure) {
          flush()
          await new Promise<void>((resolve) => {
            closed = resolve
            send({ close: true })
          })
        }
        if (failure) throw failure
        return busyMs
      } finally {
        await stop()
      }
    },
    abort: stop,
    pages,
  }
}
