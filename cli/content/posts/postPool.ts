import { availableParallelism } from 'node:os'
import { join, relative } from 'node:path'
import { Worker } from 'node:worker_threads'
import { KubeSiteError, internalError, type ErrorCode, type SourceLocation } from '../../errors.ts'
import { compiledEntry } from '../../toolRoot.ts'
import { envCount } from '../../util/envCount.ts'
import type { BodyResult, LoadResult, PostFileOutcome, PostFilesJob } from './postResults.ts'

// Rendering markdown is most of the posts phase: worker threads, one per core at most, read, check and render their share while the CLI's thread bundles.

/** Posts to render that make a worker worth its start-up (loading marked, highlight.js, sanitize-html: about 0.2 s). */
const POSTS_PER_WORKER = 150

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
export type WireBody = { html: string } | { problems: WireProblem[] }

/** A worker's job, and where it keeps the index (in its names) of the file it is loading. */
export type PostWorkerData = PostFilesJob & { current: Int32Array }

/** A worker sends its files' outcomes in batches, says when all are summarized, then sends bodies in batches and says it is done. */
export type PostWorkerMessage = { outcomes: WireOutcome[] } | { summarized: true } | { bodies: [name: string, body: WireBody][] } | { done: true }

const problemsToWire = (problems: KubeSiteError[]): WireProblem[] => problems.map(({ code, message, hint, location, frame }) => ({ code, message, hint, location, frame }))
const problemsFromWire = (problems: WireProblem[]): KubeSiteError[] => problems.map(({ code, message, ...options }) => new KubeSiteError(code, message, options))

export const toWire = (result: LoadResult): WireResult => ('problems' in result ? { problems: problemsToWire(result.problems) } : result)
export const bodyToWire = (result: BodyResult): WireBody => ('problems' in result ? { problems: problemsToWire(result.problems) } : result)
const fromWire = (result: WireResult): LoadResult => ('problems' in result ? { problems: problemsFromWire(result.problems) } : result)
const bodyFromWire = (result: WireBody): BodyResult => ('problems' in result ? { problems: problemsFromWire(result.problems) } : result)

const firstLine = (error: unknown): string => String((error as Error)?.message ?? error).split('\n')[0]!

/** Workers for a caller whose thread is busy meanwhile (a dev server starting): one core left to it, at least one worker when there is a second. */
const besideCount = (toRender: number): number =>
  toRender > 0 && availableParallelism() > 1 ? Math.max(1, Math.min(availableParallelism() - 1, Math.floor(toRender / POSTS_PER_WORKER))) : 0

/**
 * Loads a job's files in workers, every n-th file each, outcomes to `takeSummary`, bodies to `takeBody`; resolves once all are summarized. False
 * when the CLI's thread should (too few posts, one core, from source). KUBE_SITE_THREADS/KUBE_SITE_POST_WORKERS set the workers (tests);
 * `beside`: besideCount; `sharedBy`: loads sharing the cores.
 */
export async function loadInWorkers(
  job: PostFilesJob,
  toRender: number,
  takeSummary: (outcome: PostFileOutcome) => void,
  takeBody: (name: string, result: BodyResult) => void,
  { beside = false, sharedBy = 1, workerFile = compiledEntry('postWorker') }: { beside?: boolean; sharedBy?: number; workerFile?: string } = {},
): Promise<false | { rendered: Promise<void>; stop(): void }> {
  const asked = envCount('KUBE_SITE_POST_WORKERS')
  const threads = envCount('KUBE_SITE_THREADS')
  // The cores this load may take: its part of them when `sharedBy` loads run at once.
  const cores = Math.max(1, Math.floor(availableParallelism() / sharedBy))
  // How many workers, and the fewest worth starting (below it, the caller's own thread).
  const [count, fewest] =
    asked !== undefined
      ? [asked, 1]
      : threads !== undefined
        ? [threads, 2]
        : beside
          ? [besideCount(toRender), 1]
          : [Math.min(cores, Math.floor(toRender / POSTS_PER_WORKER)), Math.min(2, cores)]
  if (!workerFile || count < fewest) return false
  const shares = Array.from({ length: count }, (_, index) => job.names.filter((_, position) => position % count === index))
  const workers: Worker[] = []
  const summaries: Promise<void>[] = []
  const rendered = Promise.all(
    shares.map((names) => {
      const summarized = Promise.withResolvers<void>()
      summaries.push(summarized.promise)
      return new Promise<void>((resolve, reject) => {
        const current = new Int32Array(new SharedArrayBuffer(4)).fill(-1)
        // Whichever way the share fails, both its promises settle: the caller waits on the summary first.
        const fail = (error: KubeSiteError) => {
          summarized.reject(error)
          reject(error)
        }
        let worker: Worker
        try {
          worker = new Worker(workerFile, { workerData: { ...job, names, current } satisfies PostWorkerData })
        } catch (error) {
          // Refused as it was made (a path Node will not start, data that does not clone): no event will settle the share.
          return fail(internalError(`a post-loading thread could not start: ${firstLine(error)} (${workerFile})`, error))
        }
        workers.push(worker)
        worker.on('message', (message: PostWorkerMessage) => {
          if ('done' in message) return resolve()
          if ('summarized' in message) return summarized.resolve()
          if ('bodies' in message) {
            for (const [name, body] of message.bodies) takeBody(name, bodyFromWire(body))
            return
          }
          for (const { result, ...outcome } of message.outcomes) takeSummary(result ? { ...outcome, result: fromWire(result) } : outcome)
        })
        // A thread that dies says which post it was loading: the post is likely the cause.
        const stopped = (reason: string, cause?: unknown) => {
          const name = names[Atomics.load(current, 0)]
          const path = name === undefined ? undefined : relative(job.cwd, join(job.dir, name)) || join(job.dir, name)
          const error = new KubeSiteError('BUILD_FAILED', `A post-loading thread stopped${path ? ` while loading ${path}` : ''}: ${reason}`, {
            location: path ? { file: path } : undefined,
            hint: 'This is a bug in kube-site: please report it with that post. Run with --debug for the stack trace.',
            cause,
          })
          fail(error)
        }
        worker.once('error', (error) => stopped(firstLine(error), error))
        worker.once('exit', (code) => stopped(`exit code ${code}, before it finished`))
      })
    }),
  ).then(() => undefined)
  const stop = () => Promise.all(workers.map((worker) => worker.terminate())).then(() => undefined)
  const finished = rendered.finally(stop)
  // Awaited by the caller once it is past the summaries; its failure is reported there.
  finished.catch(() => {})
  try {
    await Promise.all(summaries)
  } catch (error) {
    await finished.catch(() => {})
    throw error
  }
  return { rendered: finished, stop: () => void stop() }
}
