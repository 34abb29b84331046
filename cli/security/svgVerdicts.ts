import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { compiledCliVersion, runsCompiled, toolRoot } from '../toolRoot.ts'
import { writeFileAtomic } from '../util/writeFileAtomic.ts'

// Parsing every SVG of a site is 0.1–0.2 s of a build's main thread (sax, cold, and postcss for
// their stylesheets), and most builds publish the same SVGs as the last. What the sanitizer found
// nothing to remove from is kept by the hash of the file's text and of everything that decides
// (the compiled CLI, the lockfile: sax's and postcss's versions): a file, a sanitizer or a
// dependency that changed is parsed again. Nothing is decided on the text itself.

/** The SVGs the sanitizer has found nothing to remove from, in builds before this one and in this one. */
export interface SvgVerdicts {
  /** Whether `svg`, as it is, was found clean. */
  clean(svg: string): boolean
  /** Records that `svg` was found clean. */
  learnt(svg: string): void
  /** Keeps what this build found clean (only that: the file never grows past one site's SVGs). */
  save(): void
}

/** The verdicts kept in `file`; none when running from source (tests), whose code no compile version names. */
export function openSvgVerdicts(file: string): SvgVerdicts | undefined {
  if (!runsCompiled()) return undefined
  const decider = createHash('sha256').update(readFileSync(join(toolRoot, 'package-lock.json'))).update(compiledCliVersion()).digest('hex')
  const key = (svg: string) => createHash('sha256').update(decider).update(svg).digest('hex')
  let known = new Set<string>()
  try {
    known = new Set(JSON.parse(readFileSync(file, 'utf8')) as string[])
  } catch {
    // No verdicts yet, or unreadable ones: every SVG is parsed.
  }
  const found = new Set<string>()
  return {
    clean(svg) {
      const hash = key(svg)
      if (!known.has(hash)) return false
      found.add(hash)
      return true
    },
    learnt: (svg) => void found.add(key(svg)),
    save() {
      if (found.size === known.size && [...found].every((hash) => known.has(hash))) return
      writeFileAtomic(file, JSON.stringify([...found].sort()), { mkdir: true })
    },
  }
}
