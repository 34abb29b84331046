// The memory a build takes from the machine: its own process and every process it starts
// (Pagefind's indexer, sass's compiler), at the same moment. Each Node process can report its own
// peak (recordPeakRss.mjs), but a native child cannot, and the sum of peaks reached at different
// times is not a peak. Linux only (/proc); elsewhere nothing is sampled.
import { existsSync, readdirSync, readFileSync } from 'node:fs'

/**
 * Samples, every `everyMs`, the resident memory of `pid` and all its descendants together.
 * `stop()` ends the sampling and returns the highest sum seen, in bytes (undefined without /proc).
 */
export function sampleTreeRss(pid, everyMs = 100) {
  if (!existsSync('/proc/self/stat')) return { stop: () => undefined }
  let peak = 0
  const sample = () => {
    const children = new Map()
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue
      const parent = parentOf(name)
      if (parent === undefined) continue
      if (!children.has(parent)) children.set(parent, [])
      children.get(parent).push(Number(name))
    }
    let total = 0
    const pending = [pid]
    while (pending.length > 0) {
      const next = pending.pop()
      total += residentBytes(next)
      pending.push(...(children.get(next) ?? []))
    }
    peak = Math.max(peak, total)
  }
  const timer = setInterval(sample, everyMs)
  sample()
  return {
    stop() {
      clearInterval(timer)
      return peak
    },
  }
}

/** A process's parent, from /proc/PID/stat (its name, in parentheses, may hold spaces). */
function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  } catch {
    return undefined // gone meanwhile
  }
}

/** A process's resident memory now (VmRSS), in bytes; 0 once it is gone. */
function residentBytes(pid) {
  try {
    const found = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return found ? Number(found[1]) * 1024 : 0
  } catch {
    return 0
  }
}
