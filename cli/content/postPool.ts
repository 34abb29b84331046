import { availableParallelism } from 'node:os'
import { join, relative } from 'node:path'
import { Worker } from 'node:worker_threads'
import { KubeSiteError, type ErrorCode, type SourceLocation } from '../errors.ts'
import { compiledEntry } from '../toolRoot.ts'
import { envCount } from '../util/envCount.ts'
import type { LoadResult, PostFileOutcome, PostFilesJob } from './loadPosts.ts'

// Rendering markdown (highlighting and sanitizing included) costs about a millisecond a post
// and is most of the posts phase. A build splits the files among worker threads, up to one per
// core, which read, validate and render their share on their own: the CLI's thread meanwhile
// bundles the site, and only collects the results.

/** Posts to render that make each further worker worth its start-up (loading marked, highlight.js, sanitize-html: about 0.2 s). */
const POSTS_PER_WORKER = 150

/**
 * Posts to render past which one worker renders them. Its start-up is paid on a core the bundle
 * leaves mostly idle, while rendering in the CLI's thread holds up the bundle: at 100 posts,
 * about 0.3 s.
 */
const POSTS_FOR_ONE_WORKER = 20

/** A problem as it crosses threads: an Error's own fields do not survive structured cloning. */
interface WireProblem {
  code: ErrorCode
  message: string
  hint?: string
  location?: SourceLocation
  frame?: string
}

export type WireResult = Exclude<LoadResult, { problems: unknown }> | { problems: WireProblem[] }
type WireOutcome = Omit<PostFileOutcome, 'result'> & { result?: WireResult }

/** A worker's job, and where it keeps the index (in its names) of the file it is loading. */
export type PostWorkerData = PostFilesJob & { current: Int32Array }

/** A worker sends its outcomes in batches, then says it is done. */
export type PostWorkerMessage = { outcomes: WireOutcome[] } | { done: true }

export const toWire = (result: LoadResult): WireResult =>
  'problems' in result ? { problems: result.problems.map(({ code, message, hint, location, frame }) => ({ code, message, hint, location, frame })) } : result

const fromWire = (result: WireResult): LoadResult =>
  'problems' in result ? { problems: result.problems.map(({ code, message, ...options }) => new KubeSiteError(code, message, options)) } : result

/**
 * Loads a job's files in worker threads, every n-th file in each, handing each outcome to `take`
 * as it arrives. False when the CLI's own thread should do it: about `toRender` posts to render
 * are too few for a worker, there is one core, or kube-site runs from source (unit tests), where
 * there is no compiled worker. KUBE_SITE_THREADS sets the number of workers, 1 meaning the CLI's
 * own thread (tests use it to split a small site, or not).
 */
export async function loadInWorkers(job: PostFilesJob, toRender: number, take: (outcome: PostFileOutcome) => void): Promise<boolean> {
  const workerFile = compiledEntry('postWorker')
  const cores = availableParallelism()
  const forced = envCount('KUBE_SITE_THREADS')
  const count = forced ?? (cores < 2 || toRender < POSTS_FOR_ONE_WORKER ? 0 : Math.max(1, Math.min(cores, Math.floor(toRender / POSTS_PER_WORKER))))
  if (!workerFile || count < 1 || forced === 1) return false
  const shares = Array.from({ length: count }, (_, index) => job.names.filter((_, position) => position % count === index))
  const workers: Worker[] = []
  try {
    await Promise.all(
      shares.map(
        (names) =>
          new Promise<void>((resolve, reject) => {
            const current = new Int32Array(new SharedArrayBuffer(4)).fill(-1)
            const worker = new Worker(workerFile, { workerData: { ...job, names, current } satisfies PostWorkerData })
            workers.push(worker)
            worker.on('message', (message: PostWorkerMessage) => {
              if ('done' in message) return resolve()
              for (const { result, ...outcome } of message.outcomes) take(result ? { ...outcome, result: fromWire(result) } : outcome)
            })
            // A thread that dies says which post it was loading: the post is likely the cause.
            const stopped = (reason: string, cause?: unknown) => {
              const name = names[Atomics.load(current, 0)]
              const path = name === undefined ? undefined : relative(job.cwd, join(job.dir, name)) || join(job.dir, name)
              reject(
                new KubeSiteError('BUILD_FAILED', `A post-loading thread stopped${path ? ` while loading ${path}` : ''}: ${reason}`, {
                  location: path ? { file: path } : undefined,
                  hint: 'This is a bug in kube-site: please report it with that post. Run with --debug for the stack trace.',
                  cause,
                }),
              )
            }
            worker.once('error', (error) => stopped(error.message.split('\n')[0]!, error))
            worker.once('exit', (code) => stopped(`exit code ${code}, before it finished`))
          }),
      ),
    )
    return true
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()))
  }
}
