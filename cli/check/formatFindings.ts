import type { Palette } from '../ui/colors.ts'
import type { CheckReport, Finding } from './findings.ts'
import type { CheckSummary } from './runCheck.ts'

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** The final line of a check: '2 errors, 1 warning'. */
export const countLine = (report: Pick<CheckReport, 'errors' | 'warnings'>) => `${plural(report.errors, 'error')}, ${plural(report.warnings, 'warning')}`

/** What was checked, one line per part, as the build prints its phases. */
export function formatSummary(report: CheckReport, summary: CheckSummary, c: Palette): string {
  const ok = c.green('✓')
  const bad = c.red('✗')
  const lines: string[] = []
  const { content } = summary
  if (content) {
    const published = content.posts === undefined ? undefined : `${plural(content.posts, 'post')} to publish${content.drafts ? ' (drafts and scheduled included)' : ''}`
    lines.push(`  ${content.configValid ? ok : bad} ${'config'.padEnd(7)} ${content.configFile}`)
    // The config says which folder of posts/ is which language's: without it no post is read.
    if (!content.configValid) lines.push(`  ${c.dim('-')} ${'posts'.padEnd(7)} skipped: read once the config is valid`)
    else lines.push(`  ${published ? ok : bad} ${'posts'.padEnd(7)} ${published ?? 'not every post is valid'}`)
    for (const post of content.scheduled ?? []) lines.push(`  ${c.dim('·')} ${'later'.padEnd(7)} ${post.date}  ${post.title}  ${c.dim(post.file)}`)
  }
  lines.push(
    report.crawled
      ? `  ${ok} ${'crawl'.padEnd(7)} ${plural(report.pagesChecked, 'page')} of ${summary.outDir}/`
      : `  ${c.dim('-')} ${'crawl'.padEnd(7)} skipped: ${summary.outDir}/ does not exist ${c.dim('(run kube-site build, then check again)')}`,
  )
  return lines.join('\n')
}

/** Findings grouped by page (or file), with counts, then the 'N errors, M warnings' line. */
export function formatFindings(report: CheckReport, c: Palette): string {
  const groups = new Map<string, Finding[]>()
  for (const item of report.findings) {
    const where = item.page ?? item.file ?? 'content'
    groups.set(where, [...(groups.get(where) ?? []), item])
  }
  const lines: string[] = []
  for (const [where, findings] of groups) {
    const errors = findings.filter((item) => item.severity === 'error').length
    lines.push('', `${c.bold(where)}  ${c.dim(`(${countLine({ errors, warnings: findings.length - errors })})`)}`)
    for (const item of findings) {
      const mark = item.severity === 'error' ? c.red('✗') : c.yellow('!')
      lines.push(`  ${mark} ${item.message}  ${c.dim(item.code)}`)
      if (item.frame) lines.push(item.frame.replace(/^/gm, '    '))
      if (item.hint) lines.push(`    ${c.dim(`hint: ${item.hint}`)}`)
    }
  }
  const total = countLine(report)
  lines.push('', report.errors > 0 ? c.red(total) : report.warnings > 0 ? c.yellow(total) : c.green(total))
  return lines.join('\n')
}

/** The one JSON document `--json` prints: the report, findings without their code frames, and the scheduled posts when the content was validated. */
export function formatJson(report: CheckReport, summary?: CheckSummary): string {
  const findings = report.findings.map(({ frame: _frame, ...rest }) => rest)
  const scheduled = summary?.content ? { scheduled: summary.content.scheduled ?? null } : {}
  return JSON.stringify({ ...report, findings, ...scheduled }, null, 2)
}
