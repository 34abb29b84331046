import { statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import { filesUnder } from '../../util/filesUnder.ts'

export interface OutputSummary {
  files: number
  bytes: number
  /** HTML documents (pages plus 404.html), redirect pages aside. */
  pages: number
  /** Redirect pages, at the site's old URLs. */
  redirects: number
  largestScript?: LargestScript
}

export interface LargestScript {
  file: string
  gzipBytes: number
}

/** Counts the files of an output, each given with its size; `redirectFiles` are its redirect pages. */
export function summarizeFiles(files: Iterable<[file: string, size: number]>, redirectFiles: ReadonlySet<string> = new Set()): Omit<OutputSummary, 'largestScript'> {
  const summary = { files: 0, bytes: 0, pages: 0, redirects: 0 }
  for (const [file, size] of files) {
    summary.files++
    summary.bytes += size
    if (redirectFiles.has(file)) summary.redirects++
    else if (file.endsWith('.html')) summary.pages++
  }
  return summary
}

/** The largest JavaScript file by gzipped size, read off-thread, largest first: once none can gzip larger than the best (gzipBound), the rest are skipped. */
export async function largestScript(dir: string): Promise<LargestScript | undefined> {
  const compress = promisify(gzip)
  const scripts = filesUnder(dir)
    .filter((file) => /\.m?js$/.test(file))
    .map((file) => ({ file, bytes: statSync(join(dir, file)).size }))
    .sort((a, b) => b.bytes - a.bytes)
  let largest: LargestScript | undefined
  for (const { file, bytes } of scripts) {
    if (largest && gzipBound(bytes) < largest.gzipBytes) break
    const gzipBytes = (await compress(await readFile(join(dir, file)))).length
    if (!largest || gzipBytes > largest.gzipBytes) largest = { file, gzipBytes }
  }
  return largest
}

/** The most gzip can make of `bytes` bytes: zlib's own bound for what it cannot compress (compressBound: every byte kept in stored blocks with their framing), and 18 bytes of gzip's header and trailer. */
export const gzipBound = (bytes: number): number => bytes + (bytes >> 12) + (bytes >> 14) + (bytes >> 25) + 13 + 18

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
