import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { absoluteUrl } from '../../pages/_lib/urls/absoluteUrl.ts'
import { loadSiteConfig } from '../content/config/loadSiteConfig.ts'
import { KubeSiteError } from '../errors.ts'
import { normalizeBase } from '../util/normalizeBase.ts'
import { applyPlan, type ApplyResult, type PhaseReport } from './applyPlan.ts'
import { deployError } from './deployError.ts'
import { listLocalFiles } from './localFiles.ts'
import { formatTarget, type DeployTarget } from './parseTarget.ts'
import { newPosts, type NewPost } from './newPosts.ts'
import { planDeploy, type DeployObject, type DeployPlan, type Layout } from './planDeploy.ts'
import { checkBase, checkBuiltBase, targetRole, type TargetRole } from './previewTarget.ts'
import { removedPagesError, removedPostPages, type RemovedPage } from './removedPages.ts'
import { withRetry, type RetryOptions } from './retry.ts'
import { createS3Store } from './s3Store.ts'
import { md5Hex, storedBytes } from './storedObject.ts'

export interface DeployOptions {
  /** The built site (absolute). */
  outDir: string
  /** site.config.ts (absolute), for its deploy rules (compress, cacheControl, previewPrefix). */
  configFile: string
  cwd: string
  target: DeployTarget
  endpoint?: string
  region?: string
  layout: Layout
  dryRun: boolean
  force: boolean
  /** Most objects one deploy may delete; -1 for no limit. */
  maxDeletes: number
  /** Delete published post pages that no redirect covers (otherwise the deploy refuses). */
  allowRemovedPages?: boolean
  concurrency: number
  /** The base the site was built with; default: the config's site.base. Must agree with the target. */
  base?: string
  /** Delete the preview at the target instead of publishing; only a preview can be removed. */
  remove?: boolean
  /** The public URL the target is served at, for the report; default: site.url with the base. */
  url?: string
  /** Retry timing; tests shorten it. */
  retry?: Omit<RetryOptions, 'onRetry'>
}

export interface DeployReport {
  /** s3://bucket/prefix */
  target: string
  endpoint?: string
  layout: Layout
  dryRun: boolean
  /** The live site, or a preview under deploy.previewPrefix. */
  role: TargetRole
  /** Removing a preview (--remove) rather than publishing. */
  removal: boolean
  /** Where the deployed site is served (undefined for a removal). */
  url?: string
  /** Posts whose page this deploy puts up for the first time. */
  newPosts: NewPost[]
  plan: DeployPlan
  maxDeletes: number
  /** More deletions than --max-deletes allows: a deploy refuses, a dry run only says so. */
  deleteLimitExceeded: boolean
  /** Published post pages the plan deletes with no redirect left (the live site only). */
  removedPages: RemovedPage[]
  /** --allow-removed-pages: they go; otherwise a deploy refuses, a dry run only says so. */
  allowRemovedPages: boolean
  /** What was done; none for a dry run. */
  result?: ApplyResult & { ms: number }
}

/** What a deploy tells the person running it (human lines, or one JSON document). */
export interface DeployReporter {
  planned(report: DeployReport, ms: number): void
  phase(report: PhaseReport): void
  retry(action: string, error: unknown, attempt: number, delayMs: number, attempts: number): void
  done(report: DeployReport): void
}

/** Publishes a built site: plans against the bucket's listing, then uploads and deletes in safe order. */
export async function runDeploy(options: DeployOptions, reporter: DeployReporter): Promise<DeployReport> {
  const start = performance.now()
  const { outDir, target, endpoint } = options
  const shownOut = relative(options.cwd, outDir) || outDir
  const removal = options.remove === true
  if (!removal && !existsSync(join(outDir, 'index.html'))) {
    throw new KubeSiteError('DEPLOY_NO_OUTPUT', `Nothing to deploy: ${shownOut}/index.html does not exist`, {
      hint: 'Run `kube-site build` first, or pass --out <dir>.',
    })
  }
  const { config } = await loadSiteConfig(options.configFile, options.cwd)
  const { previewPrefix } = config.deploy
  const role = targetRole(target, previewPrefix)
  const base = normalizeBase(options.base ?? config.site.base)
  if (removal && role.kind !== 'preview') {
    throw new KubeSiteError('DEPLOY_TARGET_INVALID', `--remove deletes a preview, and ${formatTarget(target)} is not one: it is not a folder of ${previewPrefix}/`, {
      hint: `A preview is removed with its own folder, e.g. --to ${formatTarget({ bucket: target.bucket, prefix: [target.prefix, previewPrefix, 'pr-7'].filter(Boolean).join('/') })} --remove.`,
    })
  }
  if (!removal) {
    checkBase(target, base, role, previewPrefix)
    await checkBuiltBase(outDir, shownOut, base)
  }
  const context = { target: formatTarget(target), bucket: target.bucket, endpoint }
  const attempts = options.retry?.attempts ?? 5
  const retry: RetryOptions = { ...options.retry, onRetry: (error, attempt, delay) => reporter.retry(`listing ${context.target}`, error, attempt, delay, attempts) }
  const store = createS3Store({ bucket: target.bucket, endpoint, region: options.region })

  const [files, remote] = await Promise.all([
    removal ? [] : listLocalFiles(outDir, config.deploy),
    store.list(target.prefix, { send: (request) => withRetry(request, retry) }).catch((error: unknown) => {
      throw deployError(error, { ...context, action: `listing ${context.target}` })
    }),
  ])
  // The live site owns its prefix except the previews' folder; a preview owns all of its own.
  const reserved = role.kind === 'site' ? previewPrefix : undefined
  const plan = planDeploy(files, remote, { prefix: target.prefix, layout: options.layout, force: options.force, reserved })
  // Removing a preview is deleting all of it: the limit guards against deleting by mistake.
  const maxDeletes = removal ? -1 : options.maxDeletes
  const report: DeployReport = {
    target: context.target,
    endpoint,
    layout: options.layout,
    dryRun: options.dryRun,
    role,
    removal,
    url: removal ? undefined : (options.url ?? absoluteUrl(config.site.url, base, '/')),
    newPosts: removal ? [] : await newPosts(plan, outDir),
    plan,
    maxDeletes,
    deleteLimitExceeded: maxDeletes >= 0 && plan.deletes.length > maxDeletes,
    // A preview is no one's bookmark, and its posts may never have been live; removing one is --remove.
    removedPages: role.kind === 'site' ? removedPostPages(plan, { prefix: target.prefix, base }) : [],
    allowRemovedPages: options.allowRemovedPages === true,
  }
  reporter.planned(report, performance.now() - start)

  if (report.deleteLimitExceeded && !options.dryRun) {
    const count = plan.deletes.length
    throw new KubeSiteError('DEPLOY_DELETE_LIMIT', `Refusing to delete ${count} objects from ${context.target} (more than --max-deletes ${options.maxDeletes}); nothing was changed`, {
      hint: `Check --to and ${shownOut}/ (an empty or wrong build looks like this). If these deletions are intended, pass --max-deletes ${count}.`,
    })
  }
  if (report.removedPages.length > 0 && !report.allowRemovedPages && !options.dryRun) throw removedPagesError(report.removedPages, context.target)
  if (!options.dryRun) {
    const result = await applyPlan(plan, store, {
      concurrency: options.concurrency,
      context,
      retry: options.retry,
      readBody: (object) => readChecked(outDir, shownOut, object),
      onPhase: (phase) => reporter.phase(phase),
      onRetry: (action, error, attempt, delay) => reporter.retry(action, error, attempt, delay, attempts),
    })
    report.result = { ...result, ms: performance.now() - start }
  }
  reporter.done(report)
  return report
}

/** The bytes of an object as planned: a file rewritten since (a build running meanwhile) stops the deploy. */
async function readChecked(outDir: string, shownOut: string, object: DeployObject): Promise<Buffer> {
  const file = await readFile(join(outDir, object.source)).catch(() => undefined)
  const body = file && (await storedBytes(file, object))
  if (body === undefined || md5Hex(body) !== object.md5) {
    throw new KubeSiteError('DEPLOY_FAILED', `${shownOut}/${object.source} changed while it was being deployed`, {
      hint: 'Let the build finish, then deploy again: it sends only what is still missing or different.',
    })
  }
  return body
}
