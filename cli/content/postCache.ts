import { createHash } from 'node:crypto'
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { deserialize, serialize } from 'node:v8'
import { cacheDir as kubeSiteCacheDir, compiledCliDir as compiledCli, runsCompiled, toolRoot } from '../toolRoot.ts'
import { isAlive } from '../util/isAlive.ts'
import type { Loaded } from './postResults.ts'

// Rendering markdown (highlighting, sanitizing) is most of the time spent on posts: a post whose
// file and renderer are unchanged is taken from the last build. The renderer's version is the
// compiled CLI, the lockfile and the files in public/ (their sizes go into <img> tags), so a
// change to the code, a dependency or an image renders everything again.

const cacheDir = join(kubeSiteCacheDir, 'posts')

/**
 * Posts serialized together. The cache file is a list of segments: a build serializes the posts
 * it renders a segment at a time as they arrive, and writes each at once to the file it is
 * making, so it never holds them (20,000 posts are 0.4 GB, which the CLI's thread, idle while
 * prerender threads render, would not collect for minutes); it then writes back, byte for byte,
 * every segment of the last build whose posts are all still in use. On disk: the segments one
 * after the other, a JSON footer (renderer version, segment lengths), then the footer's length in
 * 4 bytes.
 */
const SEGMENT = 200

type Entry = [key: string, post: Loaded]
interface Segment {
  bytes: Uint8Array
  keys: string[]
}

export interface PostCache {
  /** The post stored for a key (see postKey); using it keeps it for the next build. */
  get(key: string): Loaded | undefined
  set(key: string, post: Loaded): void
  /** The keys of the posts the cache holds. */
  keys(): string[]
  /**
   * Writes the entries used since the cache was opened (so deleted posts drop out), then lets go
   * of everything it held: the cache is done with once the posts are loaded.
   */
  save(): void
  /** Drops what was written since the cache was opened, and writes nothing more (a failed build); nothing once saved. */
  discard(): void
  /** Posts taken from the cache so far. */
  readonly hits: number
}

/** A post file's cache key: its name and every byte of its text. */
export const postKey = (fileName: string, source: string): string => createHash('sha1').update(fileName).update('\0').update(source).digest('hex')

/**
 * Opens the cache of the rendered posts of `postsDir` (one per folder: building another site in
 * between does not evict it); a cache that never hits when off or when the CLI runs from source.
 */
export function openPostCache(postsDir: string, enabled = true): PostCache {
  if (!enabled || !runsCompiled()) return { get: () => undefined, set: () => {}, keys: () => [], save: () => {}, discard: () => {}, hits: 0 }
  const cacheFile = join(cacheDir, `${createHash('sha1').update(postsDir).digest('hex').slice(0, 16)}.v8`)
  const version = rendererVersion()
  // What a build that died while making the file left behind.
  for (const name of existsSync(cacheDir) ? readdirSync(cacheDir) : []) {
    const pid = name.startsWith(`${basename(cacheFile)}.`) ? Number(name.slice(basename(cacheFile).length + 1)) : undefined
    if (pid !== undefined && !isAlive(pid)) rmSync(join(cacheDir, name), { force: true })
  }
  let previous = readCache(cacheFile, version)
  let used = new Set<string>()
  let fresh: Entry[] = []
  const file = segmentWriter(`${cacheFile}.${process.pid}`)
  const flush = () => {
    if (fresh.length > 0) file.append(serialize(fresh), fresh.map(([key]) => key))
    fresh = []
  }
  let hits = 0
  return {
    get(key) {
      const post = previous.posts.get(key)
      if (post) {
        used.add(key)
        hits++
      }
      return post
    },
    set(key, post) {
      used.add(key)
      fresh.push([key, post])
      if (fresh.length === SEGMENT) flush()
    },
    keys: () => [...previous.posts.keys()],
    save() {
      flush()
      const kept = previous.segments.filter((segment) => segment.keys.every((key) => used.has(key)))
      for (const segment of kept) file.append(segment.bytes, segment.keys)
      // Posts still in use from a segment that is not kept whole (a neighbour changed or went away).
      fresh = [...used].filter((key) => !file.stored.has(key)).map((key): Entry => [key, previous.posts.get(key)!])
      flush()
      file.finish(cacheFile, version)
      previous = { segments: [], posts: new Map() }
      used = new Set()
    },
    discard: () => file.discard(),
    get hits() {
      return hits
    },
  }
}

/**
 * The cache file being made, at `partial` (opened with the first segment): segments are written
 * as they are appended; `finish` adds the footer and puts the file in place of `cacheFile`.
 */
function segmentWriter(partial: string) {
  let fd: number | undefined
  let discarded = false
  const lengths: number[] = []
  const stored = new Set<string>()
  const write = (bytes: Uint8Array) => {
    if (discarded) return
    if (fd === undefined) {
      mkdirSync(dirname(partial), { recursive: true })
      fd = openSync(partial, 'w')
    }
    for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done)
  }
  const close = () => {
    if (fd !== undefined) closeSync(fd)
    fd = undefined
  }
  return {
    stored: stored as ReadonlySet<string>,
    append(bytes: Uint8Array, keys: string[]) {
      write(bytes)
      lengths.push(bytes.length)
      for (const key of keys) stored.add(key)
    },
    finish(cacheFile: string, version: string) {
      if (discarded) return
      const footer = Buffer.from(JSON.stringify({ version, lengths }))
      const footerLength = Buffer.alloc(4)
      footerLength.writeUInt32LE(footer.length)
      write(footer)
      write(footerLength)
      close()
      renameSync(partial, cacheFile)
    },
    discard() {
      discarded = true
      if (fd === undefined) return
      close()
      rmSync(partial, { force: true })
    },
  }
}

function readCache(cacheFile: string, version: string): { segments: Segment[]; posts: Map<string, Loaded> } {
  const posts = new Map<string, Loaded>()
  try {
    const file = readFileSync(cacheFile)
    const footerStart = file.length - 4 - file.readUInt32LE(file.length - 4)
    const header = JSON.parse(file.subarray(footerStart, file.length - 4).toString()) as { version: string; lengths: number[] }
    if (header.version !== version || !Array.isArray(header.lengths)) return { segments: [], posts }
    let offset = 0
    const segments = header.lengths.map((length) => {
      const bytes = file.subarray(offset, (offset += length))
      const entries = deserialize(bytes) as Entry[]
      for (const [key, post] of entries) posts.set(key, post)
      return { bytes, keys: entries.map(([key]) => key) }
    })
    return { segments, posts }
  } catch {
    return { segments: [], posts: new Map() }
  }
}

function rendererVersion(): string {
  const hash = createHash('sha256').update(readFileSync(join(toolRoot, 'package-lock.json')))
  for (const name of readdirSync(compiledCli).sort()) hash.update(name).update(readFileSync(join(compiledCli, name)))
  // Names, sizes and times are enough to see a changed image, and cheaper than its bytes.
  for (const file of listFiles(join(toolRoot, 'public'))) {
    const { size, mtimeMs } = statSync(file)
    hash.update(`${file}\0${size}\0${mtimeMs}\0`)
  }
  return hash.digest('hex')
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)]))
}
