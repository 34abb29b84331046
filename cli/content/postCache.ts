import { createHash } from 'node:crypto'
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { deserialize, serialize } from 'node:v8'
import { cacheDir as kubeSiteCacheDir, compiledCliDir as compiledCli, runsCompiled, toolRoot } from '../toolRoot.ts'
import type { Loaded } from './loadPosts.ts'

// Rendering markdown (highlighting, sanitizing) is most of the time spent on posts: a post whose
// file and renderer are unchanged is taken from the last build. The renderer's version is the
// compiled CLI, the lockfile and the files in public/ (their sizes go into <img> tags), so a
// change to the code, a dependency or an image renders everything again.

const cacheDir = join(kubeSiteCacheDir, 'posts')

/**
 * Posts serialized together. The cache file is a list of segments: a build serializes the posts
 * it renders a segment at a time as they arrive (while the bundle runs), and writes back, byte
 * for byte, every segment of the last build whose posts are all still in use. On disk: a 4-byte
 * length, a JSON header (renderer version, segment lengths), then the segments one after the
 * other, so neither writing nor reading makes one buffer of them all (20,000 posts are 0.4 GB).
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
  if (!enabled || !runsCompiled()) return { get: () => undefined, set: () => {}, keys: () => [], save: () => {}, hits: 0 }
  const cacheFile = join(cacheDir, `${createHash('sha1').update(postsDir).digest('hex').slice(0, 16)}.v8`)
  const version = rendererVersion()
  let previous = readCache(cacheFile, version)
  let used = new Set<string>()
  let written: Segment[] = []
  let fresh: Entry[] = []
  const flush = () => {
    if (fresh.length > 0) written.push({ bytes: serialize(fresh), keys: fresh.map(([key]) => key) })
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
      const stored = new Set([...kept, ...written].flatMap((segment) => segment.keys))
      // Posts still in use from a segment that is not kept whole (a neighbour changed or went away).
      fresh = [...used].filter((key) => !stored.has(key)).map((key): Entry => [key, previous.posts.get(key)!])
      flush()
      writeCache(cacheFile, version, [...kept, ...written])
      previous = { segments: [], posts: new Map() }
      used = new Set()
      written = []
    },
    get hits() {
      return hits
    },
  }
}

function writeCache(cacheFile: string, version: string, segments: Segment[]): void {
  mkdirSync(dirname(cacheFile), { recursive: true })
  const partial = `${cacheFile}.${process.pid}`
  const header = Buffer.from(JSON.stringify({ version, lengths: segments.map((segment) => segment.bytes.length) }))
  const headerLength = Buffer.alloc(4)
  headerLength.writeUInt32LE(header.length)
  const fd = openSync(partial, 'w')
  try {
    for (const bytes of [headerLength, header, ...segments.map((segment) => segment.bytes)]) {
      for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done)
    }
  } finally {
    closeSync(fd)
  }
  renameSync(partial, cacheFile)
}

function readCache(cacheFile: string, version: string): { segments: Segment[]; posts: Map<string, Loaded> } {
  const posts = new Map<string, Loaded>()
  try {
    const file = readFileSync(cacheFile)
    const headerEnd = 4 + file.readUInt32LE(0)
    const header = JSON.parse(file.subarray(4, headerEnd).toString()) as { version: string; lengths: number[] }
    if (header.version !== version || !Array.isArray(header.lengths)) return { segments: [], posts }
    let offset = headerEnd
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
