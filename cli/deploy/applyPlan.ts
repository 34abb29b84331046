import { KubeSiteError } from '../errors.ts'
import { deployError, type RequestContext } from './deployError.ts'
import { UPLOAD_GROUPS, type DeployObject, type DeployPlan, type UploadGroup } from './planDeploy.ts'
import { withRetry, type RetryOptions } from './retry.ts'
import { mapConcurrent } from '../util/mapConcurrent.ts'

/** Where objects go: the bucket, or a fake of it in unit tests. */
export interface ObjectStore {
  put(object: DeployObject, body: Buffer): Promise<void>
  delete(key: string): Promise<void>
}

export type PhaseName = UploadGroup | 'deletes'

export interface PhaseReport {
  phase: PhaseName
  objects: number
  bytes: number
  ms: number
}

export interface ApplyResult {
  uploaded: number
  deleted: number
  /** Bytes uploaded. */
  bytes: number
  /** Requests sent again after a transient failure. */
  retries: number
  phases: PhaseReport[]
}

export interface ApplyOptions {
  concurrency: number
  readBody: (object: DeployObject) => Promise<Buffer>
  /** Names the target in error messages. */
  context: Omit<RequestContext, 'action'>
  retry?: Omit<RetryOptions, 'onRetry'>
  onPhase?: (report: PhaseReport) => void
  onRetry?: (action: string, error: unknown, attempt: number, delayMs: number) => void
}

/** Carries out a plan never showing a broken site: assets, files, then pages, each phase whole, deletions last; a request failing its retries stops it between phases. */
export async function applyPlan(plan: DeployPlan, store: ObjectStore, options: ApplyOptions): Promise<ApplyResult> {
  const result: ApplyResult = { uploaded: 0, deleted: 0, bytes: 0, retries: 0, phases: [] }
  let stage: 'uploads' | 'deletes' = 'uploads'
  const send = async (action: string, request: () => Promise<void>) => {
    try {
      await withRetry(request, {
        ...options.retry,
        onRetry: (error, attempt, delay) => {
          result.retries++
          options.onRetry?.(action, error, attempt, delay)
        },
      })
    } catch (error) {
      const failure = deployError(error, { ...options.context, action })
      throw new KubeSiteError(failure.code, failure.message, { hint: [failure.hint, stateAfterFailure(stage, result, plan)].filter(Boolean).join(' '), cause: error })
    }
  }
  const phase = async <T>(name: PhaseName, items: readonly T[], size: (item: T) => number, run: (item: T) => Promise<void>) => {
    if (items.length === 0) return
    const start = performance.now()
    const report: PhaseReport = { phase: name, objects: 0, bytes: 0, ms: 0 }
    await mapConcurrent(items, options.concurrency, async (item) => {
      await run(item)
      report.objects++
      report.bytes += size(item)
    })
    report.ms = performance.now() - start
    result.phases.push(report)
    options.onPhase?.(report)
  }

  for (const group of UPLOAD_GROUPS) {
    const uploads = plan.uploads.filter((upload) => upload.group === group)
    await phase(group, uploads, (upload) => upload.size, async (upload) => {
      const body = await options.readBody(upload)
      await send(`uploading ${upload.key}`, () => store.put(upload, body))
      result.uploaded++
      result.bytes += upload.size
    })
  }
  stage = 'deletes'
  await phase('deletes', plan.deletes, () => 0, async (object) => {
    await send(`deleting ${object.key}`, () => store.delete(object.key))
    result.deleted++
  })
  return result
}

function stateAfterFailure(stage: 'uploads' | 'deletes', result: ApplyResult, plan: DeployPlan): string {
  if (stage === 'deletes') return `Every file was uploaded and ${result.deleted} of ${plan.deletes.length} old objects deleted; deploying again finishes the job.`
  return `${result.uploaded} of ${plan.uploads.length} uploads were done and nothing was deleted; pages not yet uploaded still show their previous version. Deploying again sends only what is still missing or different.`
}
