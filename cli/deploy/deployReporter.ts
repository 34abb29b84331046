import { formatBytes } from '../generator/output/summarizeOutput.ts'
import { err, out as c } from '../ui/colors.ts'
import type { DeployReport, DeployReporter } from './runDeploy.ts'
import { removedPagesText } from './removedPages.ts'
import { planCounts, type DeployPlan, type PlannedUpload } from './planDeploy.ts'

const formatDuration = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`)
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

// Sizes are of the bytes as stored, so a gzipped object says so; a redirect page says where it leads.
const storedSize = (upload: PlannedUpload) => `${formatBytes(upload.size)}${upload.contentEncoding ? ` ${upload.contentEncoding}` : ''}`
const redirectOf = (upload: PlannedUpload) => (upload.websiteRedirectLocation === undefined ? '' : ` → ${upload.websiteRedirectLocation}`)

/** '3 new, 1 changed, 2 to delete, 50 unchanged'. */
export function describeCounts(plan: DeployPlan): string {
  const counts = planCounts(plan)
  const parts = [`${counts.new} new`, `${counts.changed} changed`]
  if (counts.forced) parts.push(`${counts.forced} forced`)
  parts.push(`${counts.deleted} to delete`, `${counts.unchanged} unchanged`)
  if (counts.kept) parts.push(`${counts.kept} kept under the previews' folder`)
  return parts.join(', ')
}

/** The document `--json` prints: the target, the whole plan, and the result (null for a dry run). */
export function deployDocument(report: DeployReport) {
  const { plan } = report
  return {
    target: report.target,
    endpoint: report.endpoint ?? null,
    layout: report.layout,
    dryRun: report.dryRun,
    preview: report.role.kind === 'preview' ? report.role.name : null,
    removal: report.removal,
    url: report.url ?? null,
    newPosts: report.newPosts,
    plan: {
      counts: planCounts(plan),
      uploads: plan.uploads.map(({ key, source, reason, size, contentType, contentEncoding, cacheControl, websiteRedirectLocation }) => ({
        key,
        source,
        reason,
        size,
        contentType,
        contentEncoding: contentEncoding ?? null,
        cacheControl,
        websiteRedirectLocation: websiteRedirectLocation ?? null,
      })),
      deletes: plan.deletes.map(({ key, size }) => ({ key, size })),
      unchanged: plan.unchanged.map(({ key }) => key),
    },
    deleteLimit: { max: report.maxDeletes, exceeded: report.deleteLimitExceeded },
    removedPages: { allowed: report.allowRemovedPages, pages: report.removedPages },
    result: report.result
      ? {
          uploaded: report.result.uploaded,
          deleted: report.result.deleted,
          bytes: report.result.bytes,
          retries: report.result.retries,
          ms: Math.round(report.result.ms),
        }
      : null,
  }
}

const describeError = (error: unknown) => {
  const { name, Code, code, $metadata } = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown> & { $metadata?: { httpStatusCode?: number } }
  const status = $metadata?.httpStatusCode
  return [Code ?? code ?? name, status ? `HTTP ${status}` : undefined].filter(Boolean).join(', ')
}

/** Human lines on stdout, or (json) one JSON document at the end; retries are warned about on stderr either way. */
export function createDeployReporter({ json = false, stream = process.stdout }: { json?: boolean; stream?: NodeJS.WritableStream } = {}): DeployReporter {
  const write = (line = '') => stream.write(`${line}\n`)
  return {
    planned(report, ms) {
      if (json) return
      const where = [`layout ${report.layout}`, report.endpoint ? `endpoint ${report.endpoint}` : undefined].filter(Boolean).join(', ')
      write(`  ${c.bold(report.removal ? 'Removing the preview' : 'Deploying')} ${report.removal ? 'at' : 'to'} ${c.cyan(report.target)} ${c.dim(`(${where})`)}${report.dryRun ? c.yellow(' — dry run') : ''}`)
      const { plan } = report
      for (const upload of plan.uploads) {
        const mark = upload.reason === 'new' ? c.green('+') : c.yellow('~')
        write(`    ${mark} ${upload.key}  ${c.dim(`${upload.reason}, ${storedSize(upload)}`)}${redirectOf(upload)}`)
      }
      for (const object of plan.deletes) write(`    ${c.red('-')} ${object.key}  ${c.dim('delete')}`)
      if (report.dryRun) for (const object of plan.unchanged) write(`    ${c.dim(`= ${object.key}  unchanged`)}`)
      const bytes = planCounts(plan).uploadBytes
      const gzipped = plan.uploads.some((upload) => upload.contentEncoding === 'gzip') ? ', text gzipped' : ''
      write(`  ${c.green('✓')} ${'plan'.padEnd(8)} ${c.dim(formatDuration(ms).padStart(8))}  ${describeCounts(plan)}${bytes ? ` (${formatBytes(bytes)} to upload${gzipped})` : ''}`)
      if (report.deleteLimitExceeded && report.dryRun) write(`  ${c.yellow('!')} a deploy would refuse: ${plural(plan.deletes.length, 'deletion')} is more than --max-deletes ${report.maxDeletes}`)
      // Without --allow-removed-pages a deploy stops with an error that names them; no need to say it twice.
      if (report.removedPages.length > 0 && (report.dryRun || report.allowRemovedPages)) {
        const pages = removedPagesText(report.removedPages)
        write(
          report.allowRemovedPages
            ? `  ${c.yellow('!')} ${pages} deleted with no redirect (--allow-removed-pages):`
            : `  ${c.yellow('!')} a deploy would refuse: ${pages} deleted with no redirect (--allow-removed-pages lets ${report.removedPages.length === 1 ? 'it' : 'them'} go):`,
        )
        for (const page of report.removedPages) write(`      ${page.url}  ${c.dim(`keep it with: ${page.redirectFrom}`)}`)
      }
    },
    phase({ phase, objects, bytes, ms }) {
      if (json) return
      const detail = phase === 'deletes' ? `${objects} deleted` : `${objects} uploaded, ${formatBytes(bytes)}`
      write(`  ${c.green('✓')} ${phase.padEnd(8)} ${c.dim(formatDuration(ms).padStart(8))}  ${detail}`)
    },
    retry(action, error, attempt, delayMs, attempts) {
      process.stderr.write(`${err.yellow('warning')} ${action} failed (${describeError(error)}); try ${attempt + 1} of ${attempts} in ${delayMs} ms\n`)
    },
    done(report) {
      if (json) {
        write(JSON.stringify(deployDocument(report), null, 2))
        return
      }
      const counts = planCounts(report.plan)
      const changes = report.plan.uploads.length + counts.deleted
      for (const post of report.newPosts) write(`  ${c.green('+')} ${report.dryRun ? 'would go live' : 'live'}: ${post.title} ${c.dim(`(${post.date}, ${post.path})`)}`)
      if (report.dryRun) {
        write(
          changes === 0
            ? `\n  Dry run: nothing to do, all ${plural(counts.unchanged, 'object')} are up to date.`
            : `\n  Dry run: nothing was changed. A deploy would upload ${plural(report.plan.uploads.length, 'object')} (${formatBytes(counts.uploadBytes)}) and delete ${counts.deleted}.`,
        )
        return
      }
      const result = report.result
      if (!result) return
      const time = formatDuration(result.ms)
      if (changes === 0) {
        write(`\n  Up to date: all ${plural(counts.unchanged, 'object')} of ${report.target} already match, nothing uploaded (${time}).`)
        return
      }
      const retried = result.retries ? `, ${plural(result.retries, 'request')} retried` : ''
      write(
        `\n  Deployed to ${report.target} in ${time}: ${result.uploaded} uploaded (${formatBytes(result.bytes)}), ${result.deleted} deleted, ${counts.unchanged} unchanged${retried}.`,
      )
    },
  }
}
