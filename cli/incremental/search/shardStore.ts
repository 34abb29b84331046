import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { indexOptions } from '../../search/pagefindRunner.ts'
import { readJsonFile } from '../../util/readFile.ts'
import type { ShardRecord } from './searchShards.ts'

// The search's shards in the cache: a folder each, named by its key, whole once its listing is in it, with its record
// (ShardRecord) beside it, which planSearchShards reads; the folder's time is when a build last used it.

// Its package.json is not among its exports: read beside its entry (lib/index.js).
export const PAGEFIND_VERSION: string = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.resolve('pagefind'))), '..', 'package.json'), 'utf8')).version
/** Changes whenever searchDocument, the order Pagefind takes the pages in or the files kept change what a shard's folder holds. */
const FORMAT = 5
/** What every shard of a site in `language` is made with: Pagefind's version and options, the format, and for a non-default locale its URL prefix, which the index holds. */
export const searchIndexKey = (language: string, prefix = '') => JSON.stringify({ pagefind: PAGEFIND_VERSION, options: indexOptions(language), format: FORMAT, ...(prefix && { prefix }) })

const RECORD = /^([0-9a-f]{16})\.json$/
/** In a shard's folder, written last (so a folder that has it is whole): its output name and files with sizes. */
const LISTING = 'listing.json'
export interface ShardListing {
  name: string
  files: [file: string, size: number][]
}

/** The shards kept in `cacheDir`. */
export function openShardStore(cacheDir: string) {
  const dir = (key: string) => join(cacheDir, key)
  return {
    dir,
    /** Whether the cache holds the shard, whole. */
    has: (key: string) => existsSync(join(dir(key), LISTING)),
    records: () => readRecords(cacheDir),
    listing: (key: string) => JSON.parse(readFileSync(join(dir(key), LISTING), 'utf8')) as ShardListing,
    /** Marks shards taken from the cache as just used, so that no build prunes them meanwhile. */
    markUsed(keys: readonly string[]) {
      const now = new Date()
      for (const key of keys) utimesSync(dir(key), now, now)
    },
    /** Puts the shard Pagefind wrote into `building` in its place, whole: its record first, so a folder in the cache always has one. */
    place(building: string, record: ShardRecord, listing: ShardListing) {
      mkdirSync(cacheDir, { recursive: true })
      const recordFile = join(cacheDir, `${record.key}.json`)
      writeFileSync(`${recordFile}.tmp`, JSON.stringify(record))
      renameSync(`${recordFile}.tmp`, recordFile)
      writeFileSync(join(building, LISTING), JSON.stringify(listing))
      rmSync(dir(record.key), { recursive: true, force: true })
      renameSync(building, dir(record.key))
    },
    prune: (used: ReadonlySet<string>) => pruneCache(cacheDir, used),
  }
}

/** What the cache says of the shards it holds (ShardRecord), the most recently used first. */
function readRecords(cacheDir: string): ShardRecord[] {
  if (!existsSync(cacheDir)) return []
  const records: { record: ShardRecord; usedMs: number }[] = []
  for (const name of readdirSync(cacheDir)) {
    const key = RECORD.exec(name)?.[1]
    const usedMs = key && statSync(join(cacheDir, key), { throwIfNoEntry: false })?.mtimeMs
    if (!usedMs) continue
    // None when another build removed it meanwhile, or it was cut short: that shard is not a candidate.
    const record = readJsonFile<ShardRecord>(join(cacheDir, name))
    if (record) records.push({ record, usedMs })
  }
  return records.sort((a, b) => b.usedMs - a.usedMs).map(({ record }) => record)
}

/** Shards kept in the cache beside a build's own: the most recently used, for the next builds of other sites or branches. */
export const SPARE_SHARDS = 16
/** And every shard used this recently, however many: a build that takes its shards from the cache in a while still finds them. */
export const RECENT_MS = 60 * 60 * 1000
const SHARD_FOLDER = /^[0-9a-f]{16}$/
/** What a build that stopped half-way leaves: a shard being written. */
const LEFTOVER = /^\.pages-|\.tmp$/
/** Long past the end of any build that could still be writing it. */
const LEFTOVER_AGE_MS = 60 * 60 * 1000

/** Keeps the cache from growing with every edit (~6 MB a shard): kept are `used`, those of the last hour and the SPARE_SHARDS newest, for other builds. */
function pruneCache(cacheDir: string, used: ReadonlySet<string>): void {
  const now = Date.now()
  const others: { path: string; mtimeMs: number }[] = []
  const entries = readdirSync(cacheDir, { withFileTypes: true })
  const folders = new Set(entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name))
  for (const entry of entries) {
    const path = join(cacheDir, entry.name)
    const record = RECORD.exec(entry.name)?.[1]
    // A record is removed with its folder; one without (a build stopped between the two) once it is old.
    if (record) {
      if (!folders.has(record) && now - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? now) > LEFTOVER_AGE_MS) rmSync(path, { force: true })
      continue
    }
    if (!entry.isDirectory() || used.has(entry.name)) continue
    // Another build may have removed it since.
    const mtimeMs = statSync(path, { throwIfNoEntry: false })?.mtimeMs
    if (mtimeMs === undefined) continue
    if (SHARD_FOLDER.test(entry.name)) others.push({ path, mtimeMs })
    else if (LEFTOVER.test(entry.name) && now - mtimeMs > LEFTOVER_AGE_MS) rmSync(path, { recursive: true, force: true })
  }
  others.sort((a, b) => b.mtimeMs - a.mtimeMs)
  for (const { path, mtimeMs } of others.slice(SPARE_SHARDS)) {
    if (now - mtimeMs <= RECENT_MS) continue
    rmSync(path, { recursive: true, force: true })
    rmSync(`${path}.json`, { force: true })
  }
}
