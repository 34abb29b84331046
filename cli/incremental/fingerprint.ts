import { createHash, type Hash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseEnv } from 'node:util'
import { CARD_FONT_PACKAGES } from '../cards/fontFamilies.ts'
import { cliSources } from '../compileCli.js'
import { compiledCliVersion, compiledEntry, runsCompiled, runtimeVersion, toolRoot } from '../toolRoot.ts'
import { moduleFiles } from '../util/moduleFiles.ts'
import { seenByBundle } from './bundleEnv.ts'
import { readJsonFile } from '../util/readFile.ts'

// Every cache's key is the hash of the inputs it declares (CACHE_INPUTS), each digest worked out once a build and recorded, so `build --explain` can name the
// input that made it miss (explainCaches.ts). A cache of many entries keys each by its own content besides; its key from here is the shared part.

/** Every input a cache's output can depend on besides the content it keys itself, in the order an explanation names them. */
export const INPUTS = ['pages', 'styles', 'public', 'package-lock.json', 'package.json', 'tsconfig.json', 'env', 'runtime', 'cli', 'config', 'base', 'drafts', 'noindex', 'card renderer', 'image encoder'] as const

export type InputName = (typeof INPUTS)[number]

/** What vite bundles: the site's sources, the dependencies, the configs and `.env*` it reads, the runtime and the code that drives it. */
const BUNDLE: readonly InputName[] = ['pages', 'styles', 'public', 'package-lock.json', 'package.json', 'tsconfig.json', 'env', 'runtime', 'cli', 'config', 'base', 'noindex']

/**
 * The inputs each cache declares: posts and search, the CLI on this runtime and public/ (image sizes go into <img>); SVG verdicts, the sanitizer;
 * pages and feeds, the bundle and the flags; cards, the renderer on this runtime (Intl, Unicode data); images, the encoder. None is keyed by the
 * day: what a page shows of it is in its data, which keys the page (pagePlan.ts), so the next day renders only those pages again. None declared:
 * the stylesheets' facts (keyed by the bundle's identity, bundleCache.ts keptFacts) and the compiled CLI (by its sources, compiledCli.js).
 */
export const CACHE_INPUTS = {
  bundle: BUNDLE,
  posts: ['public', 'package-lock.json', 'runtime', 'cli'],
  search: ['public', 'package-lock.json', 'runtime', 'cli'],
  'svg verdicts': ['package-lock.json', 'runtime', 'cli'],
  pages: [...BUNDLE, 'drafts'],
  'site files': [...BUNDLE, 'drafts'],
  cards: ['runtime', 'card renderer'],
  images: ['image encoder'],
  stylesheets: [],
  'cli compile': [],
} as const satisfies Record<string, readonly InputName[]>

export type CacheName = keyof typeof CACHE_INPUTS

/** The values of the inputs that are not files: the validated config and the flags. */
export interface BuildValues {
  config?: unknown
  base?: string
  drafts?: boolean
  noindex?: boolean
}

export interface Fingerprint {
  /** The digest of one input, worked out once. */
  digest(input: InputName): string
  /** The key of `cache`: the hash of its declared inputs (and `extra`, the cache's own format), recorded for the explanation. */
  key(cache: CacheName, extra?: string): string
  /** The digests behind each key asked for so far, by cache. */
  readonly declared: ReadonlyMap<CacheName, Record<string, string>>
  /** The same build's fingerprint with nothing worked out yet (to see whether a file changed while a cache was being made). */
  again(): Fingerprint
}

/** The CLI's source, when it runs uncompiled (tests): its own version is a hash of it. */
const sourceRoot = fileURLToPath(new URL('../..', import.meta.url))

/** Where the files are, and what a test puts in place of the environment and the CLI's version. */
export interface FingerprintSources {
  /** The tool's folder: pages/, styles/, public/, the lockfile, package.json, tsconfig.json, `.env*`. */
  root?: string
  env?: NodeJS.ProcessEnv
  /** The CLI's own version: the compiled CLI's (cli/bin.js writes it), or from source a hash of its files. */
  cliVersion?: () => string
}

const cliVersion = () => (runsCompiled() ? compiledCliVersion() : sourceCliVersion())

/** The CLI's version from source (the unit tests), as the compile makes it: its entries (compileCli.js) and every module they import, wherever it is in pages/, with its path. */
export function sourceCliVersion(root = sourceRoot): string {
  const hash = createHash('sha256')
  for (const file of moduleFiles(...cliSources.map((entry) => join(root, entry)))) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0')
  return hash.digest('hex')
}

/** A fingerprint of the build with `values`, of the tool in `sources`. */
export function createFingerprint(values: BuildValues = {}, sources: FingerprintSources = {}): Fingerprint {
  const { root = toolRoot, env = process.env } = sources
  const digests = new Map<InputName, string>()
  const declared = new Map<CacheName, Record<string, string>>()
  const work: Record<InputName, () => string> = {
    pages: () => treeDigest(root, ['pages'], isSiteTest),
    styles: () => treeDigest(root, ['styles']),
    public: () => treeDigest(root, ['public']),
    'package-lock.json': () => treeDigest(root, ['package-lock.json']),
    'package.json': () => treeDigest(root, ['package.json']),
    'tsconfig.json': () => treeDigest(root, ['tsconfig.json']),
    env: () => envDigest(root, env),
    runtime: () => runtimeVersion(),
    cli: sources.cliVersion ?? cliVersion,
    config: () => sha(JSON.stringify(values.config ?? null)),
    base: () => String(values.base ?? ''),
    drafts: () => String(values.drafts ?? false),
    noindex: () => String(values.noindex ?? false),
    'card renderer': () => cardRendererDigest(root),
    'image encoder': () => imageEncoderVersion(root),
  }
  const digest = (input: InputName) => {
    let value = digests.get(input)
    if (value === undefined) digests.set(input, (value = work[input]()))
    return value
  }
  return {
    digest,
    key(cache, extra = '') {
      const used = Object.fromEntries(CACHE_INPUTS[cache].map((input) => [input, digest(input)]))
      declared.set(cache, used)
      return sha(JSON.stringify([cache, extra, used])).slice(0, 24)
    },
    declared,
    again: () => createFingerprint(values, sources),
  }
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex')

// What of pages/ no bundle reads: tests and their fixtures. Never a `+` file: vike loads one by its name alone (crawlPlusFiles.js).
const isSiteTest = (path: string) => (/\.test\.[cm]?[jt]sx?$/.test(path) || path.includes('__fixtures__')) && !basename(path).startsWith('+')

// vike writes each +config transpiled beside its source while loading it; one a killed build left is not an input.
const isVikeTemporaryFile = (path: string) => /\.build-[a-z0-9]{12}\.mjs$/.test(path)

/** Every byte of the files at `paths` (files or folders below `root`), with their names; not the files `skip` leaves out. */
function treeDigest(root: string, paths: string[], skip: (file: string) => boolean = () => false): string {
  const hash = createHash('sha256')
  for (const path of paths) hashPath(hash, root, join(root, path), skip)
  return hash.digest('hex')
}

function hashPath(hash: Hash, root: string, path: string, skip: (file: string) => boolean): void {
  if (isVikeTemporaryFile(path)) return
  let isDirectory: boolean
  try {
    isDirectory = statSync(path).isDirectory()
  } catch {
    hash.update(`${relative(root, path)}\0absent\0`)
    return
  }
  if (isDirectory) {
    for (const name of readdirSync(path).sort()) hashPath(hash, root, join(path, name), skip)
    return
  }
  if (skip(path)) return
  hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0')
}

/** The code that makes a social card's pixels (the compiled card thread and its chunks; from source, the renderer's modules) and its packages' versions. */
function cardRendererDigest(root: string): string {
  const hash = createHash('sha256')
  for (const file of moduleFiles(compiledEntry('socialCardWorker') ?? join(sourceRoot, 'cli', 'cards', 'renderCard.ts'))) hash.update(readFileSync(file)).update('\0')
  for (const name of ['opentype.js', '@resvg/resvg-js', 'harfbuzzjs', 'bidi-js', ...CARD_FONT_PACKAGES, 'sharp']) {
    hash.update((JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version).update('\0')
  }
  return hash.digest('hex')
}

/** sharp's and this platform's libvips's versions, read from their packages: loading libvips takes 0.15–0.25 s a build with no image need not pay. */
function imageEncoderVersion(root: string): string {
  const version = (file: string) => readJsonFile<{ version: string }>(file)?.version
  const sharpDir = join(root, 'node_modules', 'sharp')
  const libvips = `@img/sharp-libvips-${process.platform}-${process.arch}`
  return `sharp ${version(join(sharpDir, 'package.json'))}, libvips ${version(join(sharpDir, 'node_modules', libvips, 'package.json')) ?? version(join(root, 'node_modules', libvips, 'package.json')) ?? 'unknown'}`
}

/** The files vite's loadEnv reads for a build (mode production), in its order; a folder named `.env` (a Python virtualenv) is none of them. */
const ENV_FILES = ['.env', '.env.local', '.env.production', '.env.production.local']

/**
 * What the bundle reads of the environment: the `.env` files of mode production and the variables it can read (bundleEnv.ts). A variable with
 * the value a file gives it is the file's: vike copies them into process.env while it bundles, which `again` must not take for a change.
 */
function envDigest(root: string, env: NodeJS.ProcessEnv): string {
  const files = ENV_FILES.filter((name) => statSync(join(root, name), { throwIfNoEntry: false })?.isFile())
  const fromFiles = new Set(files.flatMap((name) => Object.entries(parseEnv(readFileSync(join(root, name), 'utf8'))).map(([key, value]) => `${key}=${value}`)))
  const variables = Object.keys(env)
    .filter((name) => seenByBundle(name) && !fromFiles.has(`${name}=${env[name]}`))
    .sort()
    .map((name) => [name, env[name]])
  return sha(JSON.stringify([treeDigest(root, files), files, variables]))
}
