import { KubeSiteError } from '../errors.ts'
import { paletteFor } from '../ui/colors.ts'
import { countLine, formatFindings, formatJson, formatSummary } from './formatFindings.ts'
import type { CheckRun } from './runCheck.ts'

export interface ReportCheckOptions {
  /** Print one JSON document and nothing else on stdout. */
  json?: boolean
  /** Print only errors (build --quiet). */
  quiet?: boolean
  /** What failed, for the closing error: 'The check' or 'The built site'. */
  subject?: string
  hint?: string
  /** Where the report goes, but for JSON: stdout, or stderr where stdout is another document's (build --explain=json --check). */
  stream?: NodeJS.WritableStream
}

/** Prints the findings on stdout (the command's output), then throws CHECK_FAILED on any error so reportError exits 1; warnings alone exit 0. */
export function reportCheck({ report, summary }: CheckRun, options: ReportCheckOptions = {}): void {
  const stream = options.stream ?? process.stdout
  const c = paletteFor(stream)
  if (options.json) {
    process.stdout.write(`${formatJson(report, summary)}\n`)
  } else if (!options.quiet) {
    stream.write(`${formatSummary(report, summary, c)}\n${formatFindings(report, c)}\n`)
  } else if (!report.ok) {
    const errorsOnly = { ...report, warnings: 0, findings: report.findings.filter((item) => item.severity === 'error') }
    stream.write(`${formatFindings(errorsOnly, c).replace(/^\n/, '')}\n`)
  }
  if (report.ok) return
  throw new KubeSiteError('CHECK_FAILED', `${options.subject ?? 'The check'} found ${countLine(report)}`, {
    hint:
      options.hint ??
      (options.json ? 'Every finding is in the JSON document on stdout.' : 'Fix each error listed above; warnings alone do not fail the check.'),
  })
}
