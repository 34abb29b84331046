import { paletteFor } from './colors.ts'

export type Phase = 'config' | 'posts' | 'bundle' | 'prerender' | 'images' | 'search' | 'write'

/** What a command tells the person running it; --quiet and tests get a silent one. */
export interface Reporter {
  /** Marks the start of a phase; the returned function ends it with a detail. */
  phase(name: Phase): (detail?: string) => void
  progress(done: number, total: number): void
  info(line: string): void
  warn(line: string): void
}

const formatDuration = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`)

/** Prints phases with timings on `stream` (stderr where stdout is a command's document); a progress line is drawn only on a terminal. */
export function createReporter({ quiet = false, stream = process.stdout }: { quiet?: boolean; stream?: NodeJS.WriteStream } = {}): Reporter {
  const c = paletteFor(stream)
  const interactive = Boolean(stream.isTTY) && !quiet
  let progressShown = false
  const clearProgress = () => {
    if (progressShown) stream.write('\r\u001b[2K')
    progressShown = false
  }
  const write = (line: string) => {
    if (quiet) return
    clearProgress()
    stream.write(`${line}\n`)
  }
  return {
    phase(name) {
      const start = performance.now()
      return (detail) => {
        const time = formatDuration(performance.now() - start).padStart(8)
        write(`  ${c.green('✓')} ${name.padEnd(10)} ${c.dim(time)}${detail ? `  ${detail}` : ''}`)
      }
    },
    progress(done, total) {
      if (!interactive) return
      const width = 24
      const filled = Math.round((done / Math.max(total, 1)) * width)
      stream.write(`\r\u001b[2K  ${c.cyan('…')} prerender  [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total}`)
      progressShown = true
    },
    info: write,
    warn: (line) => {
      if (quiet) return
      clearProgress()
      process.stderr.write(`${c.yellow('warning')} ${line}\n`)
    },
  }
}
