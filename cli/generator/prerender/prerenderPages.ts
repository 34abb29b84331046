import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { KubeSiteError, fromThread, internalError } from '../../errors.ts'
import type { PageBody } from '../../content/posts/postBody.ts'
import { compiledEntry } from '../../toolRoot.ts'
import { envCount } from '../../util/envCount.ts'
import { postUrl } from '../../../pages/_lib/urls/urls.ts'
import { prerenderShare, type PrerenderJob } from './prerenderShare.ts'
import type { PrerenderTimes } from '../buildProfile.ts'
import { inShare, type ShareOfPages } from '../shardOf.ts'
import type { WorkerCommand, WorkerMessage } from './prerenderWorker.ts'
import { localesOf, mapPosts, type SiteContent } from '../siteContent.ts'
import type { Post } from '../../content/types.ts'
import { localePostUrl } from '../../../pages/_lib/locales/locales.ts'
import type { PagePolicies } from '../../security/sitePolicies.ts'
import type { WrittenPage } from './pageWriter.ts'

/** Pages a thread must have to be worth its start-up (about a second): smaller sites prerender in the CLI's own thread. */
const PAGES_PER_THREAD = 500

/** Pages one vike prerender renders at most: it makes every page's context before the first render. KUBE_SITE_SHARE_PAGES sets it (tests). */
const PAGES_PER_SHARE = 8000

/** Pages a prerender in the CLI's own thread renders at a time: contexts set the peak memory; each share costs ~0.2 s. KUBE_SITE_OWN_SHARE_PAGES sets it (tests). */
const PAGES_PER_OWN_SHARE = 2500

export interface PrerenderOptions {
  content: SiteContent
  workDir: string
  base: string
  /** How many pages there will be, to size the pool and show progress. */
  expectedPages: number
  /** Pages not to render: their output is reused. */
  skip: string[]
  /** The bundle's identity, when it is cached (bundleIdentity): its stylesheets' facts are kept under it. */
  bundle?: string
  onProgress(pages: number): void
  /** Called with each share's times (see buildProfile.ts). */
  onTimes?(times: PrerenderTimes): void
  /** When `content`'s posts come without bodies (postBody.ts): one share renders beside the bodies; several wait for them all. */
  pageBody?: PageBody
  /** The pages' policies, when they come later than `content` (see prerender.ts). */
  policies?: Promise<PagePolicies>
  /** Called with what the writer knows of each page it wrote, by the page's path (see pageWriter.ts). */
  onWritten?(pages: [filePath: string, page: WrittenPage][]): void
}

/** Prerenders every page with vike in shares, each in a worker, as many at once as there are threads; a one-share site here. Returns the pages written. */
export async function prerenderPages({ content: given, workDir, base, expectedPages, skip, bundle, onProgress, onTimes, pageBody, policies, onWritten }: PrerenderOptions): Promise<number> {
  const threads = threadCount(expectedPages)
  const shareCount = Math.max(threads, Math.ceil(expectedPages / (envCount('KUBE_SITE_SHARE_PAGES') ?? PAGES_PER_SHARE)))
  if (shareCount === 1) {
    // One share after another in this thread, each with the bodies as they come.
    const ownShares = Math.ceil(expectedPages / (envCount('KUBE_SITE_OWN_SHARE_PAGES') ?? PAGES_PER_OWN_SHARE))
    let done = 0
    for (let shardIndex = 0; shardIndex < ownShares; shardIndex++) {
      const before = done
      const { pages, times, written } = await prerenderShare({ content: given, shardIndex, shardCount: ownShares, workDir, base, skip, bundle }, (count) => onProgress(before + count), undefined, pageBody, policies)
      done += pages
      onTimes?.(times)
      onWritten?.(written)
    }
    return done
  }
  // Each thread is handed its posts, and its pages' policies, when it starts: they wait for every body.
  const withBodies = pageBody ? await withPageBodies(given, pageBody) : given
  const content = policies ? { ...withBodies, policies: await policies } : withBodies
  const workerFile = compiledEntry('prerenderWorker')
  if (!workerFile) throw internalError('prerender threads need the compiled CLI (cli/bin.js)')
  const progress = new Array<number>(shareCount).fill(0)
  const workers: Worker[] = []
  const reused = new Set(skip)
  let failed = false
  return new Promise<number>((resolve, reject) => {
    const fail = (error: unknown) => {
      failed = true
      reject(error)
    }
    let started = 0
    let loading = false
    let rendering = 0
    let finished = 0
    const waiting: Worker[] = []
    // Threads load vike's config one at a time: vike writes each transpiled +file beside its source and removes it, so two at once remove each other's.
    const schedule = () => {
      while (!failed && rendering < threads && waiting.length > 0) {
        rendering++
        waiting.shift()!.postMessage({ type: 'go' } satisfies WorkerCommand)
      }
      if (failed || loading || started === shareCount || waiting.length > 0) return
      const shardIndex = started++
      loading = true
      const job: PrerenderJob = { content: shareContent(content, { shardIndex, shardCount: shareCount, skip: reused }), shardIndex, shardCount: shareCount, workDir, base, skip, bundle }
      const worker = new Worker(workerFile, { workerData: job })
      workers.push(worker)
      let done = false
      worker.on('message', (message: WorkerMessage) => {
        progress[shardIndex] = message.pages
        onProgress(progress.reduce((sum, count) => sum + count, 0))
        if (message.type === 'configLoaded') {
          loading = false
          waiting.push(worker)
        }
        if (message.type === 'done') {
          onTimes?.(message.times)
          onWritten?.(message.written)
          done = true
          rendering--
          if (++finished === shareCount) resolve(progress.reduce((sum, count) => sum + count, 0))
        }
        schedule()
      })
      worker.on('error', (error) => fail(fromThread(error)))
      worker.on('exit', (code) => {
        if (!done) fail(new KubeSiteError('BUILD_FAILED', `A prerender worker stopped (exit code ${code}) before it finished`))
      })
    }
    schedule()
  }).finally(() => Promise.all(workers.map((worker) => worker.terminate())))
}

/** The content a thread needs: every post's summary (lists show all) and only its pages' bodies, most of a large site's content. */
function shareContent(content: SiteContent, share: ShareOfPages): SiteContent {
  return mapPosts(content, (post) => (inShare(share, postPageUrl(content, post)) ? post : { ...post, html: '' }))
}

/** Every locale's posts with their page's body (each thread is handed them). */
async function withPageBodies(content: SiteContent, pageBody: PageBody): Promise<SiteContent> {
  const bodies = new Map<string, string>()
  const all = localesOf(content).flatMap((entry) => entry.posts)
  await Promise.all(all.map(async (post) => bodies.set(post.sourceFile, await pageBody(post.sourceFile))))
  return mapPosts(content, (post) => ({ ...post, html: bodies.get(post.sourceFile)! }))
}

/** The URL of a post's page, under its locale's prefix. */
function postPageUrl(content: SiteContent, post: Post): string {
  const entry = localesOf(content).find(({ locale }) => locale.code === post.locale)
  return entry ? localePostUrl(entry.locale, post.slug) : postUrl(post.slug)
}

/** Threads for `pages` pages: one per two cores, as a rendering thread keeps ~1.4 busy (GC, writes). KUBE_SITE_THREADS sets it. */
export function threadCount(pages: number): number {
  return envCount('KUBE_SITE_THREADS') ?? Math.max(1, Math.min(Math.floor(availableParallelism() / 2), Math.floor(pages / PAGES_PER_THREAD)))
}
