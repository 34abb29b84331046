import { KubeSiteError, formatLocation } from './errors.ts'
import { err as c } from './ui/colors.ts'

/** Formats any thrown value for a person: message, location, frame and hint; stack only in debug. */
export function formatError(error: unknown, debug = false): string {
  if (!(error instanceof KubeSiteError)) {
    const text = error instanceof Error ? (debug ? (error.stack ?? error.message) : error.message) : String(error)
    const hint = debug ? '' : `\n  ${c.dim('Run again with --debug to see the stack trace.')}`
    return `${c.red(c.bold('error'))} ${text}${hint}`
  }
  const where = error.location ? `${c.cyan(formatLocation(error.location))} ` : ''
  const lines = [`${c.red(c.bold('error'))} ${where}${error.message}`]
  for (const problem of error.problems) {
    const at = problem.location ? `${c.cyan(formatLocation(problem.location))} ` : ''
    lines.push(`  ${c.red('✗')} ${at}${problem.message}`)
    if (problem.frame) lines.push(indent(problem.frame, 4))
    if (problem.hint) lines.push(`    ${c.dim(`hint: ${problem.hint}`)}`)
  }
  if (error.frame) lines.push(indent(error.frame, 2))
  if (error.hint) lines.push(`  ${c.dim(`hint: ${error.hint}`)}`)
  if (debug && error.cause instanceof Error && error.cause.stack) lines.push(c.dim(error.cause.stack))
  return lines.join('\n')
}

const indent = (text: string, spaces: number) =>
  text
    .split('\n')
    .map((line) => ' '.repeat(spaces) + line)
    .join('\n')

/** The one place that prints an error and sets the exit code. */
export function reportError(error: unknown, debug = false): void {
  process.stderr.write(`${formatError(error, debug)}\n`)
  process.exitCode = error instanceof KubeSiteError && error.code === 'BUILD_INTERRUPTED' ? 130 : 1
}
