import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { KubeSiteError, internalError } from '../errors.ts'
import { compiledEntry } from '../toolRoot.ts'
import { pageKey, postUrl } from '../../pages/_lib/urls.ts'
import { prerenderShare, type PrerenderJob } from './prerenderShare.ts'
import { shardOf } from './shardOf.ts'
import type { WorkerMessage } from './prerenderWorker.ts'
import type { SiteContent } from './siteContent.ts'

/**
 * Pages a thread must have to be worth its start-up (a fresh isolate loads vite and vike and
 * resolves the config again, about a second): smaller sites prerender in the CLI's own thread,
 * which has all of that loaded already.
 */
const PAGES_PER_THREAD = 500

export interface PrerenderOptions {
  content: SiteContent
  workDir: string
  base: string
  /** How many pages there will be, to size the pool and show progress. */
  expectedPages: number
  /** Pages not to render: their output is reused. */
  skip: string[]
  onProgress(pages: number): void
}

/**
 * Prerenders every page with vike on all cores: each worker thread loads the server bundle and
 * renders its share of the pages (vike's own prerender runs on one core). Returns the pages written.
 */
export async function prerenderPages({ content, workDir, base, expectedPages, skip, onProgress }: PrerenderOptions): Promise<number> {
  const shardCount = threadCount(expectedPages)
  if (shardCount === 1) return prerenderShare({ content, shardIndex: 0, shardCount: 1, workDir, base, skip }, onProgress)
  const progress = new Array<number>(shardCount).fill(0)
  const workers: Worker[] = []
  const report = (shardIndex: number, pages: number) => {
    progress[shardIndex] = pages
    onProgress(progress.reduce((sum, count) => sum + count, 0))
  }
  // Threads start one after the other: while loading its config, vike writes each +file
  // transpiled beside its source under a name from its content, and removes it after, so two
  // threads loading at once can remove each other's file. Rendering still runs in parallel.
  const workerFile = compiledEntry('prerenderWorker')
  if (!workerFile) throw internalError('prerender threads need the compiled CLI (cli/bin.js)')
  const start = (shardIndex: number): Promise<number> =>
    new Promise((resolve, reject) => {
      const job: PrerenderJob = { content: shareContent(content, shardIndex, shardCount, skip), shardIndex, shardCount, workDir, base, skip }
      const worker = new Worker(workerFile, { workerData: job })
      workers.push(worker)
      let finished = false
      let next: Promise<number> = Promise.resolve(0)
      worker.on('message', (message: WorkerMessage) => {
        report(shardIndex, message.pages)
        if (message.type === 'configLoaded' && shardIndex + 1 < shardCount) next = start(shardIndex + 1)
        if (message.type === 'done') {
          finished = true
          next.then((rest) => resolve(message.pages + rest), reject)
        }
      })
      worker.on('error', reject)
      worker.on('exit', (code) => {
        if (!finished) reject(new KubeSiteError('BUILD_FAILED', `A prerender worker stopped (exit code ${code}) before it finished`))
      })
    })
  try {
    return await start(0)
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()))
  }
}

/**
 * The content a thread needs: every post's summary (list pages show them all), and the body of
 * only the posts it renders. On a large site the bodies are most of the content, and each thread
 * gets a copy.
 */
function shareContent(content: SiteContent, shardIndex: number, shardCount: number, skip: string[]): SiteContent {
  const reused = new Set(skip)
  const renders = (url: string) => shardOf(url, shardCount) === shardIndex && !reused.has(pageKey(url))
  return { ...content, posts: content.posts.map((post) => (renders(postUrl(post.slug)) ? post : { ...post, html: '' })) }
}

/**
 * Threads for a site of `pages` pages: one per two cores, since a rendering thread keeps about
 * 1.4 busy (itself, V8's garbage collector and libuv's file writes). Measured on two cores with
 * 4,000 posts: one thread 516 pages/s and 0.96 GB, two threads 497 pages/s and 1.16 GB.
 * KUBE_SITE_THREADS sets it (tests use it to split a small site).
 */
export function threadCount(pages: number): number {
  const forced = Number(process.env.KUBE_SITE_THREADS)
  if (Number.isInteger(forced) && forced > 0) return forced
  return Math.max(1, Math.min(Math.floor(availableParallelism() / 2), Math.floor(pages / PAGES_PER_THREAD)))
}
