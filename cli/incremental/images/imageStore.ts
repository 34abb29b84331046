import { createHash } from 'node:crypto'
import { statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import { imageSize } from '../../content/markdown/imageSize.ts'
import { createFingerprint } from '../fingerprint.ts'
import { encodeImage } from '../../images/encodeImage.ts'
import { variantFile, type ImageFacts, type VariantFormat } from './imageVariants.ts'
import { linkFiles } from '../../util/linkFiles.ts'
import { writeFileAtomic } from '../../util/writeFileAtomic.ts'
import { readJsonFile } from '../../util/readFile.ts'
import { sameFile, type FileStamp } from '../sameFile.js'

/** Where a published image's files go under the output. */
export const IMAGES_DIR = 'assets/images'

/** Extensions of the raster images turned into <picture>s. */
const RASTER = new Set(['.png', '.jpg', '.jpeg', '.webp', '.avif', '.tif', '.tiff'])
export const isRasterImage = (file: string): boolean => RASTER.has(extname(file).toLowerCase())

export type StoredImage =
  | { kind: 'picture'; width: number; height: number; fallback: VariantFormat; variants: { format: VariantFormat; width: number; url: string }[] }
  | { kind: 'file'; width?: number; height?: number; url: string }

export interface ImageStore {
  /** A raster image's variants: encoded once per build however many pages show it, and only when the cache lacks them. */
  picture(file: string): Promise<Extract<StoredImage, { kind: 'picture' }>>
  /** A file published as it is, under assets/ and named by its content, with its size when it has one. */
  file(file: string): Promise<Extract<StoredImage, { kind: 'file' }>>
  /** Variants encoded and variants taken from the cache, so far. */
  readonly encoded: number
  readonly fromCache: number
  /** Every file the pages link (or those of `urls`), placed under `clientDir`/assets/images (hard links from the cache). */
  publish(clientDir: string, urls?: Iterable<string>): void
  /** Keeps what was learnt of the images (their hashes and sizes) for the next build. */
  save(): void
  /** The writer's file published as it is at `url` (`file`'s), or undefined: what an error about the published file names. */
  sourceOf(url: string): string | undefined
}

/** Runs at most `limit` of the given tasks at once: each image holds its decoded pixels while it is encoded. */
function limiter(limit: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    running++
    try {
      return await task()
    } finally {
      running--
      waiting.shift()?.()
    }
  }
}

/** A build's images: variants in `cacheDir` by key, each image file's facts indexed by path with its size and time, so a rebuild with no image changed reads none. */
export function createImageStore(cacheDir: string, { jobs = 2, encoder = createFingerprint().key('images') }: { jobs?: number; encoder?: string } = {}): ImageStore {
  const indexFile = join(cacheDir, 'index.json')
  // No index yet, or an unreadable one: every image is read again; an older kube-site's entries (keyed by path and stat, no size) are left out.
  const index = Object.fromEntries(Object.entries(readJsonFile<Record<string, ImageFacts & FileStamp>>(indexFile) ?? {}).filter(([, facts]) => typeof facts?.size === 'number'))
  const learnt: Record<string, ImageFacts & FileStamp> = {}
  const pictures = new Map<string, Promise<Extract<StoredImage, { kind: 'picture' }>>>()
  const files = new Map<string, Promise<Extract<StoredImage, { kind: 'file' }>>>()
  /** Output name → the file to place there, and whether it may be a hard link (only the cache's files, never rewritten in place). */
  const published = new Map<string, { from: string; link: boolean }>()
  const run = limiter(Math.max(1, jobs))
  let encoded = 0
  let fromCache = 0

  const encodePicture = async (file: string) => {
    const { size, mtimeMs } = statSync(file)
    const known = index[file] && sameFile(index[file], { size, mtimeMs }) ? index[file] : undefined
    const result = await run(() => encodeImage(() => readFile(file), cacheDir, known, encoder))
    learnt[file] = { ...result.facts, size, mtimeMs }
    encoded += result.encoded
    fromCache += result.fromCache
    const variants = result.variants.map((variant) => {
      const name = variantFile(variant)
      published.set(name, { from: join(cacheDir, name), link: true })
      return { format: variant.format, width: variant.width, url: `/${IMAGES_DIR}/${name}` }
    })
    return { kind: 'picture' as const, width: result.facts.width, height: result.facts.height, fallback: result.facts.fallback, variants }
  }

  const publishFile = async (file: string) => {
    const hash = createHash('sha256').update(await readFile(file)).digest('hex').slice(0, 20)
    const stem = basename(file, extname(file)).replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 40) || 'image'
    const name = `${stem}-${hash}${extname(file).toLowerCase()}`
    // Copied, not linked: a writer's editor may rewrite the file in place, which would change the output's copy too.
    published.set(name, { from: file, link: false })
    return { kind: 'file' as const, ...imageSize(file), url: `/${IMAGES_DIR}/${name}` }
  }

  return {
    picture(file) {
      if (!pictures.has(file)) pictures.set(file, encodePicture(file))
      return pictures.get(file)!
    },
    file(file) {
      if (!files.has(file)) files.set(file, publishFile(file))
      return files.get(file)!
    },
    get encoded() {
      return encoded
    },
    get fromCache() {
      return fromCache
    },
    publish(clientDir, urls) {
      const names = urls && new Set([...urls].map((url) => url.slice(`/${IMAGES_DIR}/`.length)))
      const files = [...published].filter(([name]) => !names || names.has(name))
      linkFiles(files.map(([name, { from, link }]) => ({ from, to: join(clientDir, IMAGES_DIR, name), copy: !link })))
    },
    sourceOf(url) {
      const found = url.startsWith(`/${IMAGES_DIR}/`) ? published.get(url.slice(`/${IMAGES_DIR}/`.length)) : undefined
      return found && !found.link ? found.from : undefined
    },
    save() {
      // The images of other sites built here (another posts folder) stay; an entry whose file changed or is gone is dropped.
      const kept = Object.entries(index).filter(([path, recorded]) => !(path in learnt) && sameFile(recorded, statSync(path, { throwIfNoEntry: false })))
      const next = JSON.stringify({ ...Object.fromEntries(kept), ...learnt })
      if (next === JSON.stringify(index)) return
      writeFileAtomic(indexFile, next, { mkdir: true })
    },
  }
}
