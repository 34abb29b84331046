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

/**
 * Pages a thread must have to be worth its start-up (a fresh isolate loads vite and vike and
 * resolves the config again, about a second): smaller sites prerender in the CLI's own thread,
 * which has all of that loaded already.
 */
const PAGES_PER_THREAD = 500

/**
 * Pages one vike prerender renders at most. vike makes the context of every page it will render
 * before rendering the first (about 25 KB each), so a larger site is rendered in shares of this
 * size, one thread each, a few at a time. KUBE_SITE_SHARE_PAGES sets it (tests use it to split a
 * small site in more shares than threads).
 */
const PAGES_PER_SHARE = 8000

/**
 * Pages one vike prerender in the CLI's own thread renders at most: a site of one share renders
 * in shares of this size there, one after the other, so that no more than this many page contexts
 * are alive at once. The contexts vike makes of a 4,000-post site's 7,200 pages before rendering
 * the first were the CLI's heap's largest part and set the build's peak memory (about 0.1 GB of
 * it, tests/bench/README.md "tenth session"); each further share costs vike's config resolved
 * again (about 0.2 s of CPU). KUBE_SITE_OWN_SHARE_PAGES sets it (a test splits a small site).
 */
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
  /**
   * When the posts of `content` come without their bodies: each as its page shows it, once it is
   * rendered (content/posts/postBody.ts). One share renders beside the rendering of the bodies; several
   * wait for them all, since each thread is handed its posts, each with its page's body, when it starts.
   */
  pageBody?: PageBody
  /** The pages' policies, when they come later than `content` (see prerender.ts). */
  policies?: Promise<PagePolicies>
  /** Called with what the writer knows of each page it wrote, by the page's path (see pageWriter.ts). */
  onWritten?(pages: [filePath: string, page: WrittenPage][]): void
}

/**
 * Prerenders every page with vike (whose own prerender runs on one thread): in shares, each in a
 * worker thread that loads the server bundle and renders its pages, as many at once as there are
 * threads for this machine; a site of one share in this thread, in shares of its own one after
 * the other (PAGES_PER_OWN_SHARE). Returns the pages written.
 */
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
    // A share's thread starts while the others render, so its start-up is not waited for, and it
    // renders once one of them is done. Threads load vike's config one at a time: while loading
    // it, vike writes each +file transpiled beside its source under a name from its content, and
    // removes it after, so two threads loading at once can remove each other's file.
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

/**
 * The content a thread needs: every post's summary (list pages show them all), and the body of
 * only the posts it renders. On a large site the bodies are most of the content, and each thread
 * gets a copy.
 */
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

/**
 * Threads for a site of `pages` pages: one per two cores, since a rendering thread keeps about
 * 1.4 busy (itself, V8's garbage collector and libuv's file writes). Measured on two cores with
 * 4,000 posts: one thread 516 pages/s and 0.96 GB, two threads 497 pages/s and 1.16 GB.
 * KUBE_SITE_THREADS sets it (tests use it to split a small site).
 */
export function threadCount(pages: number): number {
  return envCount('KUBE_SITE_THREADS') ?? Math.max(1, Math.min(Math.floor(availableParallelism() / 2), Math.floor(pages / PAGES_PER_THREAD)))
}
