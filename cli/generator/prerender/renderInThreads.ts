import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { KubeSiteError, fromWire, internalError, type WiredError } from '../../errors.ts'
import type { PageBody } from '../../content/posts/postBody.ts'
import { compiledEntry } from '../../toolRoot.ts'
import { envCount } from '../../util/envCount.ts'
import { postUrl } from '../../../pages/_lib/urls/urls.ts'
import { localePostUrl } from '../../../pages/_lib/locales/locales.ts'
import type { RenderTimes } from '../buildProfile.ts'
import { shardOf } from '../shardOf.ts'
import { localesOf, mapPosts, type SiteContent } from '../siteContent.ts'
import type { Post } from '../../content/types.ts'
import { loadServerRuntime, renderPages, type RenderOptions, type RenderedPages } from './renderPages.ts'
import type { WrittenPage } from './pageWriter.ts'

/** Pages a thread must have to be worth its start-up (about a second): smaller sites render in the CLI's own thread. */
const PAGES_PER_THREAD = 500

/** What a rendering thread is handed: its share of the pages, with the content they show (policies and their posts' bodies in). */
export interface RenderJob extends Pick<RenderOptions, 'content' | 'workDir' | 'base' | 'urls' | 'bundle'> {
  /** The server runtime's key (see loadServerRuntime). */
  runtimeKey: string
}

/** What a rendering thread tells the CLI: its progress, then its pages, or why it failed. */
export type RenderMessage = { progress: number } | ({ done: true } & RenderedPages) | { failed: WiredError }

export interface RenderInThreadsOptions extends Omit<RenderOptions, 'onProgress'> {
  /** The server runtime's key (see loadServerRuntime). */
  runtimeKey: string
  onProgress(pages: number): void
  /** Called with each thread's times (see buildProfile.ts). */
  onTimes(times: RenderTimes): void
  /** Called with what the writer knows of each page it wrote, by the page's path (see pageWriter.ts). */
  onWritten(pages: [filePath: string, page: WrittenPage][]): void
}

/** Renders `urls` through renderPages: in this thread, or split among threads (threadCount), each rendering its share the same way. Returns the pages written. */
export async function renderInThreads({ runtimeKey, onTimes, onWritten, ...options }: RenderInThreadsOptions): Promise<number> {
  const threads = threadCount(options.urls.length)
  if (threads === 1) {
    const { pages, times, written } = await renderPages(options, loadServerRuntime(options.workDir, runtimeKey))
    onTimes(times)
    onWritten(written)
    return pages
  }
  // Each thread is handed its posts, and its pages' policies, when it starts: they wait for every body.
  const { content: given, pageBody, policies, urls, onProgress } = options
  const withBodies = pageBody ? await withPageBodies(given, pageBody) : given
  const content = policies ? { ...withBodies, policies: await policies } : withBodies
  const workerFile = compiledEntry('renderWorker')
  if (!workerFile) throw internalError('rendering threads need the compiled CLI (cli/bin.js)')
  const progress = new Array<number>(threads).fill(0)
  const workers: Worker[] = []
  return Promise.all(
    Array.from({ length: threads }, (_, share) => {
      const mine = urls.filter((url) => shardOf(url, threads) === share)
      if (mine.length === 0) return Promise.resolve(0)
      const job: RenderJob = { content: shareContent(content, new Set(mine)), workDir: options.workDir, base: options.base, urls: mine, bundle: options.bundle, runtimeKey }
      const worker = new Worker(workerFile, { workerData: job })
      workers.push(worker)
      return new Promise<number>((resolve, reject) => {
        let done = false
        worker.on('message', (message: RenderMessage) => {
          if ('progress' in message) {
            progress[share] = message.progress
            return onProgress(progress.reduce((sum, count) => sum + count, 0))
          }
          done = true
          if ('failed' in message) return reject(fromWire(message.failed, (text) => new KubeSiteError('BUILD_FAILED', `A rendering thread failed: ${text}`)))
          onTimes(message.times)
          onWritten(message.written)
          resolve(message.pages)
        })
        worker.on('error', reject)
        worker.on('exit', (code) => {
          if (!done) reject(new KubeSiteError('BUILD_FAILED', `A rendering thread stopped (exit code ${code}) before it finished`))
        })
      })
    }),
  )
    .then((counts) => counts.reduce((sum, count) => sum + count, 0))
    .finally(() => Promise.all(workers.map((worker) => worker.terminate())))
}

/** The content a thread needs: every post's summary (lists show all) and only its pages' bodies, most of a large site's content. */
function shareContent(content: SiteContent, mine: ReadonlySet<string>): SiteContent {
  return mapPosts(content, (post) => (mine.has(postPageUrl(content, post)) ? post : { ...post, html: '' }))
}

/** Every locale's posts with their page's body (each thread is handed them). */
async function withPageBodies(content: SiteContent, pageBody: PageBody): Promise<SiteContent> {
  const bodies = new Map<string, string>()
  const all = localesOf(content).flatMap((entry) => entry.posts)
  await Promise.all(all.map(async (post) => bodies.set(post.sourceFile, await pageBody(post.sourceFile))))
  return mapPosts(content, (post) => ({ ...post, html: bodies.get(post.sourceFile)! }))
}

/** The key of a post's page, under its locale's prefix. */
function postPageUrl(content: SiteContent, post: Post): string {
  const entry = localesOf(content).find(({ locale }) => locale.code === post.locale)
  return entry ? localePostUrl(entry.locale, post.slug) : postUrl(post.slug)
}

/** Threads for `pages` pages: one per two cores, as a rendering thread keeps ~1.4 busy (GC, writes). KUBE_SITE_THREADS sets it. */
export function threadCount(pages: number): number {
  return envCount('KUBE_SITE_THREADS') ?? Math.max(1, Math.min(Math.floor(availableParallelism() / 2), Math.floor(pages / PAGES_PER_THREAD)))
}
