import { formatBytes } from '../generator/output/summarizeOutput.ts'
import { planCounts } from './planDeploy.ts'
import type { DeployReport } from './runDeploy.ts'

const escape = (text: string) => text.replace(/([\\`*_[\]<>|])/g, '\\$1')

/** A deploy in Markdown, for a CI job summary (`--summary "$GITHUB_STEP_SUMMARY"`): where the site is, what changed, and the posts that went live with this deploy. */
export function deploySummary(report: DeployReport): string {
  const counts = planCounts(report.plan)
  const what = report.role.kind === 'preview' ? `Preview ${escape(report.role.name)}` : 'Site'
  const lines: string[] = []
  if (report.removal) {
    lines.push(`### ${what} removed`, '', `${counts.deleted} object${counts.deleted === 1 ? '' : 's'} deleted from \`${report.target}\`${report.dryRun ? ' (dry run: nothing was changed)' : ''}.`)
    return `${lines.join('\n')}\n\n`
  }
  const url = report.url ?? ''
  lines.push(`### ${what}: ${url}`, '')
  const changes = report.plan.uploads.length + counts.deleted
  const done = report.dryRun ? 'would be' : 'were'
  lines.push(
    changes === 0
      ? `Up to date: nothing ${done} uploaded to \`${report.target}\` (${counts.unchanged} objects unchanged).`
      : `\`${report.target}\`: ${report.plan.uploads.length} object${report.plan.uploads.length === 1 ? '' : 's'} ${done} uploaded (${formatBytes(counts.uploadBytes)}), ${counts.deleted} deleted, ${counts.unchanged} unchanged.`,
  )
  if (counts.kept) lines.push('', `${counts.kept} objects of previews were left in place.`)
  if (report.newPosts.length > 0) {
    lines.push('', `**Posts that went live${report.dryRun ? ' (dry run)' : ''}:**`, '')
    for (const post of report.newPosts) lines.push(`- [${escape(post.title)}](${new URL(post.path.slice(1), url).href}) (${post.date})`)
  }
  return `${lines.join('\n')}\n\n`
}
