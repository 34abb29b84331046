import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'

export interface OutputSummary {
  files: number
  bytes: number
  /** HTML documents (pages plus 404.html). */
  pages: number
  largestScript?: { file: string; gzipBytes: number }
}

/** Counts what a build wrote, and finds its largest JavaScript chunk by gzipped size. */
export function summarizeOutput(dir: string): OutputSummary {
  const summary: OutputSummary = { files: 0, bytes: 0, pages: 0 }
  for (const file of walk(dir)) {
    summary.files++
    summary.bytes += statSync(file).size
    if (file.endsWith('.html')) summary.pages++
    if (/\.m?js$/.test(file)) {
      const gzipBytes = gzipSync(readFileSync(file)).length
      if (!summary.largestScript || gzipBytes > summary.largestScript.gzipBytes) {
        summary.largestScript = { file: relative(dir, file), gzipBytes }
      }
    }
  }
  return summary
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(path)
    else yield path
  }
}

/** 1234567 → '1.2 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`
  const units = ['kB', 'MB', 'GB']
  let value = bytes / 1000
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit++
  }
  return `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`
}
