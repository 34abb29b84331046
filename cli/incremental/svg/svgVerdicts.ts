import { createHash } from 'node:crypto'
import { readJsonFile } from '../../util/readFile.ts'
import { writeFileAtomic } from '../../util/writeFileAtomic.ts'

// Parsing every SVG costs a build 0.1–0.2 s, and most publish the same as the last: what the sanitizer found clean is kept by
// the hash of the text and of what decides (the `svg verdicts` fingerprint: the CLI, sax's and postcss's versions, the runtime's URL parser).

/** The SVGs the sanitizer has found nothing to remove from, in builds before this one and in this one. */
export interface SvgVerdicts {
  /** Whether `svg`, as it is, was found clean. */
  clean(svg: string): boolean
  /** Records that `svg` was found clean. */
  learnt(svg: string): void
  /** Keeps what this build found clean (only that: the file never grows past one site's SVGs). */
  save(): void
  /** How many SVGs were found in the verdicts, and how many were not (and were parsed). */
  readonly hits: number
  readonly misses: number
}

/** The verdicts kept in `file`, made by the sanitizer `decider` names (the fingerprint's key of `svg verdicts`). */
export function openSvgVerdicts(file: string, decider: string): SvgVerdicts {
  const key = (svg: string) => createHash('sha256').update(decider).update(svg).digest('hex')
  // No verdicts yet, or unreadable ones: every SVG is parsed.
  const recorded = readJsonFile<string[]>(file)
  const known = new Set(Array.isArray(recorded) ? recorded : [])
  const found = new Set<string>()
  let hits = 0
  let misses = 0
  return {
    clean(svg) {
      const hash = key(svg)
      if (!known.has(hash)) return (misses++, false)
      hits++
      found.add(hash)
      return true
    },
    learnt: (svg) => void found.add(key(svg)),
    save() {
      if (found.size === known.size && [...found].every((hash) => known.has(hash))) return
      writeFileAtomic(file, JSON.stringify([...found].sort()), { mkdir: true })
    },
    get hits() {
      return hits
    },
    get misses() {
      return misses
    },
  }
}
