import { join } from 'node:path'
import { cacheDir } from '../toolRoot.ts'
import { writeFileAtomic } from '../util/writeFileAtomic.ts'
import { CACHE_INPUTS, INPUTS, type CacheName, type Fingerprint } from './fingerprint.ts'
import { readJsonFile } from '../util/readFile.ts'

// `build --explain`'s report of each cache (explainBuild.ts): hit or miss, and a miss's cause: the inputs whose
// digest differs from the last build's (fingerprint.ts), else the cache's own reason (a post's text changed).

/** The digests behind each cache's key at the last build, by cache. */
type Recorded = Partial<Record<CacheName, Record<string, string>>>

/** What a cache did in a build. */
export interface CacheOutcome {
  cache: CacheName
  hits: number
  misses: number
  /** Whether `hits` and `misses` count entries (posts, pages), not the one use of a cache (the bundle). */
  counted: boolean
  /** Why it missed: the inputs that changed since the last build, or the cache's own reasons; none without a miss. */
  reason?: string
  /** The entries that missed, as the writer knows them (a post's file, relative to the current directory), for a cache that names them. */
  missed?: string[]
}

export interface CacheLog {
  /** `count` entries of `cache` taken from it. */
  hit(cache: CacheName, count?: number): void
  /** `count` entries of `cache` made again; `reason` when no declared input changed; `named`: which, as the writer knows them. */
  miss(cache: CacheName, reason: string, count?: number, named?: readonly string[]): void
  /** What each cache did, in the order first told. */
  outcomes(): CacheOutcome[]
  /** Records this build's digests for the next build's explanation. */
  save(): void
}

/** `build --explain`'s line of a cache: `bundle: miss (tsconfig.json changed)`, `posts: 98 hit, 2 miss (content changed)`. */
export function cacheLine({ cache, hits, misses, counted, reason }: CacheOutcome): string {
  const why = reason === undefined ? '' : ` (${reason})`
  if (counted) return `${cache}: ${hits} hit, ${misses} miss${why}`
  return `${cache}: ${misses > 0 ? 'miss' : 'hit'}${why}`
}

/** A cache's outcome while the build goes on: every reason told, to be made one. */
type Outcome = Omit<CacheOutcome, 'cache' | 'reason'> & { reasons: Set<string> }

/** The log of a build's caches, compared with the digests recorded in `file`; with the caches off (`enabled` false) every line says so. */
export function openCacheLog(fingerprint: Fingerprint, { enabled = true, file = join(cacheDir, 'fingerprints.json') }: { enabled?: boolean; file?: string } = {}): CacheLog {
  // No build recorded its digests yet: every miss is "no previous".
  const previous = readJsonFile<Recorded>(file) ?? {}
  const outcomes = new Map<CacheName, Outcome>()
  const outcome = (cache: CacheName, count: number | undefined) => {
    let found = outcomes.get(cache)
    if (!found) outcomes.set(cache, (found = { hits: 0, misses: 0, reasons: new Set(), counted: false }))
    if (count !== undefined) found.counted = true
    return found
  }
  const whyMissed = (cache: CacheName, own: Set<string>): string => {
    if (!enabled) return '--no-cache'
    const before = previous[cache]
    // A cache that declares no input (keyed by what it is made from alone) gives its own reason from the first build on.
    if (!before && CACHE_INPUTS[cache].length > 0) return 'no previous'
    const now = fingerprint.declared.get(cache) ?? {}
    const changed = INPUTS.filter((input) => input in now && before?.[input] !== now[input])
    if (changed.length > 0) return `${changed.join(', ')} changed`
    return [...own].join(', ') || 'not in the cache'
  }
  return {
    hit: (cache, count) => void (outcome(cache, count).hits += count ?? 1),
    miss(cache, reason, count, named) {
      const found = outcome(cache, count)
      found.misses += count ?? 1
      if (count !== 0) found.reasons.add(reason)
      if (named) {
        const missed = (found.missed ??= [])
        // One by one: a cold build of 100,000 posts names them all, too many for a spread's arguments.
        for (const name of named) missed.push(name)
      }
    },
    outcomes() {
      return [...outcomes].map(([cache, { hits, misses, reasons, counted, missed }]) => ({ cache, hits, misses, counted, ...(misses > 0 && { reason: whyMissed(cache, reasons) }), ...(missed && { missed }) }))
    },
    save() {
      if (!enabled) return
      const next: Recorded = { ...previous, ...Object.fromEntries(fingerprint.declared) }
      if (JSON.stringify(next) === JSON.stringify(previous)) return
      try {
        writeFileAtomic(file, JSON.stringify(next), { mkdir: true })
      } catch {
        // Only the next explanation is poorer.
      }
    },
  }
}
