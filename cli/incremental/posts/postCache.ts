import { createHash } from 'node:crypto'
import { closeSync, existsSync, fstatSync, lstatSync, openSync, readdirSync, readSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { writeFileAtomic } from '../../util/writeFileAtomic.ts'
import { deserialize, serialize } from 'node:v8'
import { cacheDir as kubeSiteCacheDir } from '../../toolRoot.ts'
import type { FileRecord, Loaded } from '../../content/posts/postResults.ts'
import type { FileStat } from '../../content/posts/readPostFile.ts'
import type { PostLocale } from '../../content/posts/postResults.ts'
import { bodyLabelsKey } from '../../content/locales/siteStrings.ts'
import type { BodyLabels } from '../../content/markdown/renderMarkdown.ts'
import type { Fingerprint } from '../fingerprint.ts'
import { internalError } from '../../errors.ts'
import { readJsonFile } from '../../util/readFile.ts'
import { sameFile } from '../sameFile.js'

// Rendering is most of the posts' time: a post whose file and renderer (the `posts` fingerprint: code, deps, Node, public/) are unchanged comes from the last build.

const cacheDir = join(kubeSiteCacheDir, 'posts')

/** Posts serialized in segment files of up to SEGMENT posts named by their hash, and `index.json` naming the renderer and the segments in use:
 * written as posts arrive, a segment kept while all its posts are, so a rebuild writes one and the index (renamed in). */
const SEGMENT = 200
const INDEX = 'index.json'

type Entry = [key: string, post: Loaded]

/** A segment file: a 4-byte length, the posts with empty bodies (each body's end, whether it has an image), then the bodies; only heads are read, bodies when asked. */
interface SegmentHead {
  posts: Entry[]
  /** Where each post's body ends in the bytes after the head (each starts where the last ended). */
  ends: number[]
  /** Whether each post's body has an <img> tag (what places a body's images skips one without). */
  images: boolean[]
}

/** A post the cache holds: its body empty, read when asked for; and whether that has an image. */
export interface CachedPost {
  loaded: Loaded
  body(): string
  hasImages: boolean
}
/** A segment file, open from its head's read so a body is still readable after another build removed it; closed when replaced or no post is held. */
interface OpenSegment {
  fd: number
}

const closeWhenUnused = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd)
  } catch {
    // Closed already, at the end of the process.
  }
})

function closeSegment(segment: OpenSegment): void {
  if (segment.fd === -1) return
  closeWhenUnused.unregister(segment)
  closeSync(segment.fd)
  segment.fd = -1
}

interface Index {
  version: string
  segments: { file: string; keys: string[] }[]
  /** Each post file as the build that wrote the index found it (see unchanged), and when that build started reading them. */
  files?: Record<string, FileRecord>
  readFrom?: number
}

/** How much older than its record a file's mtime must be to stand for its text: two seconds covers the coarsest clocks (FAT's). */
const RACY_MS = 2000

export interface PostCache {
  /** The post stored for a key (see postKey), its body read when asked for; using it keeps it for the next build. */
  take(key: string): CachedPost | undefined
  /** The post stored for a key, with its body (take). */
  get(key: string): Loaded | undefined
  set(key: string, post: Loaded): void
  keys(): string[]
  /** The recorded post files the cache holds, by name, with size, mtime and key: a file found the same need not be read. */
  unchanged(): ReadonlyMap<string, FileRecord>
  /** Records a post file's size and time as found (its read, or a stat that matched), with its key, for the next build. */
  noteFile(name: string, stat: FileStat, key: string): void
  /** Writes the entries used since the cache was opened (deleted posts drop out), then lets go of everything. */
  save(): void
  /** Drops what was written since the cache was opened, and writes nothing more (a failed build); nothing once saved. */
  discard(): void
}

/** A post file's cache key: its name and every byte of its text. */
export const postKey = (fileName: string, source: string): string => createHash('sha1').update(fileName).update('\0').update(source).digest('hex')

const disabled: PostCache = { take: () => undefined, get: () => undefined, set: () => {}, keys: () => [], unchanged: () => new Map(), noteFile: () => {}, save: () => {}, discard: () => {} }

/** A locale's post cache, one per folder, keyed by the build's inputs (`fingerprint`; none: the cache is off and never hits), the words its bodies write and its code. */
export function localePostCache(postsDir: string, { code, folder }: PostLocale, labels: BodyLabels | undefined, fingerprint: Fingerprint | undefined): PostCache {
  if (!fingerprint) return disabled
  const dir = folder ? join(postsDir, folder) : postsDir
  return openPostCacheIn(join(cacheDir, createHash('sha1').update(dir).digest('hex').slice(0, 16)), fingerprint.key('posts', postsKeyExtra(code, labels)))
}

/** What a locale's post cache's key adds to the build's inputs: the words its bodies write, and the code its posts carry. */
export const postsKeyExtra = (code: string, labels: BodyLabels | undefined): string => [bodyLabelsKey(labels), `locale ${code}`].filter(Boolean).join('\0')

/** The post cache kept in `dir` for the renderer `version` (see openPostCache). */
export function openPostCacheIn(dir: string, version: string, now = Date.now()): PostCache {
  const previous = readCache(dir, version)
  const files: Record<string, FileRecord> = {}
  let used = new Set<string>()
  let fresh: Entry[] = []
  // Segments written by this build, with the keys each holds.
  const written: Index['segments'] = []
  let done = false
  const flush = () => {
    if (fresh.length > 0) written.push({ file: writeSegment(dir, segmentBytes(fresh)), keys: fresh.map(([key]) => key) })
    fresh = []
  }
  const take = (key: string) => {
    const post = previous.posts.get(key)
    if (post) used.add(key)
    return post
  }
  return {
    take,
    get(key) {
      const post = take(key)
      return post && withBody(post)
    },
    set(key, post) {
      if (done) return
      used.add(key)
      fresh.push([key, post])
      if (fresh.length === SEGMENT) flush()
    },
    keys: () => [...previous.posts.keys()],
    unchanged() {
      const before = (previous.readFrom ?? 0) - RACY_MS
      return new Map(Object.entries(previous.files).filter(([, [, mtimeMs, key]]) => mtimeMs < before && previous.posts.has(key)))
    },
    noteFile(name, stat, key) {
      if (!done && key) files[name] = [...stat, key]
    },
    save() {
      if (done) return
      const kept = previous.segments.filter((segment) => segment.keys.every((key) => used.has(key)))
      const stored = new Set([...kept, ...written].flatMap((segment) => segment.keys))
      for (const [key] of fresh) stored.add(key)
      // Posts still in use from a segment that is not kept whole (a neighbour changed or went away) go into the segments of the posts rendered last.
      for (const key of used) {
        if (stored.has(key)) continue
        fresh.push([key, withBody(previous.posts.get(key)!)])
        if (fresh.length === SEGMENT) flush()
      }
      flush()
      const index: Index = { version, segments: [...written, ...kept], files, readFrom: now }
      writeFileAtomic(join(dir, INDEX), JSON.stringify(index), { mkdir: true })
      // The segments the last index named and this one does not, and any file an hour old a dead build left.
      const inUse = new Set(index.segments.map((segment) => segment.file))
      const replaced = new Set(previous.segments.map((segment) => segment.file))
      for (const [file, segment] of previous.open) if (!inUse.has(file)) closeSegment(segment)
      for (const file of readdirSync(dir)) {
        if (file === INDEX || inUse.has(file)) continue
        if (replaced.has(file) || (statSync(join(dir, file), { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < Date.now() - 3_600_000) rmSync(join(dir, file), { force: true })
      }
      done = true
      previous.posts = new Map()
      previous.segments = []
      previous.open = new Map()
      previous.files = {}
      used = new Set()
    },
    discard() {
      if (done) return
      done = true
      const inUse = new Set(previous.segments.map((segment) => segment.file))
      for (const { file } of written) if (!inUse.has(file)) rmSync(join(dir, file), { force: true })
    },
  }
}

/** The recorded key of `dir`'s post file `name` (unchanged's `record`) while the file is the one recorded (a link is not): one stat, not a read and hash. */
export function unchangedFile(dir: string, name: string, record: FileRecord | undefined): { key: string; stat: FileStat } | undefined {
  if (!record) return undefined
  const [size, mtimeMs, key] = record
  return sameFile({ size, mtimeMs }, lstatSync(join(dir, name), { throwIfNoEntry: false })) ? { key, stat: [size, mtimeMs] } : undefined
}

/** Writes a segment under the hash of its bytes (the same posts serialized the same are the same file) and returns its name. */
function writeSegment(dir: string, parts: Uint8Array[]): string {
  const hash = createHash('sha1')
  for (const part of parts) hash.update(part)
  const file = `${hash.digest('hex')}.v8`
  const path = join(dir, file)
  // The parts are written as they are: joined, 3 MB a segment were copied once more.
  if (!existsSync(path)) writeFileAtomic(path, parts, { mkdir: true })
  return file
}

const withBody = ({ loaded, body }: CachedPost): Loaded => ({ ...loaded, post: { ...loaded.post, html: body() } })

/** A segment's bytes (see SegmentHead), in parts: the head's length, the head, each body. */
function segmentBytes(entries: Entry[]): Buffer[] {
  const bodies = entries.map(([, { post }]) => Buffer.from(post.html))
  let end = 0
  const head: SegmentHead = {
    posts: entries.map(([key, loaded]) => [key, { ...loaded, post: { ...loaded.post, html: '' } }]),
    ends: bodies.map((body) => (end += body.length)),
    images: entries.map(([, { post }]) => /<img/i.test(post.html)),
  }
  const headBytes = serialize(head)
  const length = Buffer.alloc(4)
  length.writeUInt32LE(headBytes.length)
  return [length, headBytes, ...bodies]
}

/** A segment's posts, each body read from the file when asked for, and the open file; throws for a file that is not one. */
function readSegment(path: string): { posts: [key: string, post: CachedPost][]; segment: OpenSegment } {
  const segment: OpenSegment = { fd: openSync(path, 'r') }
  try {
    const length = readBytes(segment, 0, 4)
    const headEnd = 4 + length.readUInt32LE(0)
    const { posts, ends, images } = deserialize(readBytes(segment, 4, headEnd)) as SegmentHead
    if (!Array.isArray(posts) || !Array.isArray(ends) || ends.length !== posts.length || headEnd + (ends.at(-1) ?? 0) !== fstatSync(segment.fd).size) throw new Error('not a segment')
    closeWhenUnused.register(segment, segment.fd, segment)
    return {
      segment,
      posts: posts.map(([key, loaded], at) => {
        const start = headEnd + (at === 0 ? 0 : ends[at - 1]!)
        const end = headEnd + ends[at]!
        let text: string | undefined
        return [key, { loaded, body: () => (text ??= readBytes(segment, start, end).toString('utf8')), hasImages: images[at] === true }]
      }),
    }
  } catch (error) {
    closeSegment(segment)
    throw error
  }
}

/** The bytes of an open segment from `start` to `end`. */
function readBytes(segment: OpenSegment, start: number, end: number): Buffer {
  if (segment.fd === -1) throw internalError('a post was asked for from a segment of the post cache that was replaced')
  const bytes = Buffer.allocUnsafe(end - start)
  for (let read = 0; read < bytes.length; ) {
    const got = readSync(segment.fd, bytes, read, bytes.length - read, start + read)
    if (got === 0) throw new Error('segment cut short')
    read += got
  }
  return bytes
}

/** The cache's posts and segments; none when it is missing, of another renderer or unreadable. A segment that is gone (another build replaced it) only loses its posts. */
function readCache(dir: string, version: string): { segments: Index['segments']; open: Map<string, OpenSegment>; posts: Map<string, CachedPost>; files: Record<string, FileRecord>; readFrom?: number } {
  const posts = new Map<string, CachedPost>()
  const segments: Index['segments'] = []
  const open = new Map<string, OpenSegment>()
  const index = readJsonFile<Index>(join(dir, INDEX))
  if (index?.version !== version || !Array.isArray(index.segments)) return { segments, open, posts, files: {} }
  for (const { file } of index.segments) {
    try {
      const read = readSegment(join(dir, file))
      for (const [key, post] of read.posts) posts.set(key, post)
      segments.push({ file, keys: read.posts.map(([key]) => key) })
      open.set(file, read.segment)
    } catch {
      // Gone or torn: its posts render again.
    }
  }
  const files = index.files && typeof index.files === 'object' ? index.files : {}
  return { segments, open, posts, files, readFrom: typeof index.readFrom === 'number' ? index.readFrom : undefined }
}
