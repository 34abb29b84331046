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

// Every cache of the build takes its key from here: the key of a cache is the hash of the inputs
// it declares (CACHE_INPUTS), each input's digest worked out at most once a build. Each cache
// records the digests behind its key, so the next build can say which input made it miss
// (`kube-site build --explain`, explainCaches.ts). A cache that keeps many entries (posts, SVGs,
// images, cards, search shards) keys each by its own content besides: that part is the cache's,
// and its key from here is the part every entry shares.

/** What a cache's output can depend on besides the content it keys itself. */
export type InputName =
  | 'pages'
  | 'styles'
  | 'public'
  | 'package-lock.json'
  | 'package.json'
  | 'tsconfig.json'
  | 'env'
  | 'runtime'
  | 'cli'
  | 'config'
  | 'base'
  | 'drafts'
  | 'noindex'
  | 'card renderer'
  | 'image encoder'

/** Every input, in the order an explanation names them. */
export const INPUTS: readonly InputName[] = ['pages', 'styles', 'public', 'package-lock.json', 'package.json', 'tsconfig.json', 'env', 'runtime', 'cli', 'config', 'base', 'drafts', 'noindex', 'card renderer', 'image encoder']

/** What vite bundles: the site's sources, the dependencies, the configs and `.env*` it reads, the runtime and the code that drives it. */
const BUNDLE: readonly InputName[] = ['pages', 'styles', 'public', 'package-lock.json', 'package.json', 'tsconfig.json', 'env', 'runtime', 'cli', 'config', 'base', 'noindex']

/**
 * The inputs each cache declares. A post's body is rendered by the CLI with its dependencies on
 * this runtime, and public/'s files (their sizes go into <img> tags); an SVG's verdict by the
 * CLI's sanitizer and its dependencies (sax, postcss) on this runtime (a URL is read by Node's own
 * parser: svgUrls.ts); a page by the bundle and the posts the flags let in; a file made from posts
 * (a feed) likewise; a social card by its renderer on this runtime (a title's line breaks are
 * Intl.Segmenter's, ICU's: lineBreaks.ts; its date is Intl's; the font a character takes, by Unicode
 * data: fontFamilies.ts, cardFont.ts), and its template and text, which the cards key themselves
 * (cardTemplate.ts, socialCards.ts); an image's variants by the encoder (and the image's bytes,
 * format, width and options: encodeImage.ts).
 *
 * No cache is keyed by the day: what a page shows of it (a legal page's date when its document has
 * none, a post's status with --drafts, which posts are live) is in the page's data, which keys the
 * page (pagePlan.ts), so the next day renders again only the pages that show it, and none of the
 * shipped site; an Atom feed of no posts, dated by the day, says so in what it is made from
 * (writeSiteFiles.ts). Keyed by the day, the first build of each day rendered every page again.
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

/**
 * The CLI's version from source (the unit tests), as the compile makes it: every byte of its
 * entries (compileCli.js) and of every module they import, wherever it is (pages/_lib/ and
 * pages/blog/postStatus.ts alike), with its path. A hash of cli/ and pages/_lib/ missed the modules the CLI
 * imports from elsewhere in pages/. About 10 ms a build here (the folders' hash: 5 ms).
 */
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

// What of pages/ no bundle reads: the tests beside the components, and their fixtures (which
// only tests import). Never a `+` file: vike loads one wherever it is, by its name alone
// (crawlPlusFiles.js), a test's too.
const isSiteTest = (path: string) => (/\.test\.[cm]?[jt]sx?$/.test(path) || path.includes('__fixtures__')) && !basename(path).startsWith('+')

// vike writes each +config file transpiled beside its source while loading it (and removes it
// after); one left behind by a killed build is not an input.
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

/**
 * The code that makes a social card's pixels, by its bytes: the compiled card thread and every
 * chunk it loads, as the CLI runs it (cli/bin.js compiles it); from source (the unit tests), the
 * renderer's modules, found by following the imports, so a helper the renderer comes to import
 * counts at once. With the versions of what it uses: the shaper, the bidi algorithm, and every font
 * package a card may read (Inter and the Noto families: cards/fontFamilies.ts).
 */
function cardRendererDigest(root: string): string {
  const hash = createHash('sha256')
  for (const file of moduleFiles(compiledEntry('socialCardWorker') ?? join(sourceRoot, 'cli', 'cards', 'renderCard.ts'))) hash.update(readFileSync(file)).update('\0')
  for (const name of ['opentype.js', '@resvg/resvg-js', 'harfbuzzjs', 'bidi-js', ...CARD_FONT_PACKAGES, 'sharp']) {
    hash.update((JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version).update('\0')
  }
  return hash.digest('hex')
}

/**
 * The image encoder's version, read from its packages without loading it (libvips takes 0.15–0.25 s
 * to load, which a build with no image to encode never pays): sharp's and libvips's, the prebuilt
 * binary of this platform.
 */
function imageEncoderVersion(root: string): string {
  const version = (file: string) => {
    try {
      return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version
    } catch {
      return undefined
    }
  }
  const sharpDir = join(root, 'node_modules', 'sharp')
  const libvips = `@img/sharp-libvips-${process.platform}-${process.arch}`
  return `sharp ${version(join(sharpDir, 'package.json'))}, libvips ${version(join(sharpDir, 'node_modules', libvips, 'package.json')) ?? version(join(root, 'node_modules', libvips, 'package.json')) ?? 'unknown'}`
}

/** The files vite's loadEnv reads for a build (mode production), in its order; a folder named `.env` (a Python virtualenv) is none of them. */
const ENV_FILES = ['.env', '.env.local', '.env.production', '.env.production.local']

/**
 * What the bundle reads of the environment (vite's loadEnv, its envDir the root, and vike's): the
 * `.env` files of mode production (ENV_FILES) and the variables of the environment it can read
 * (bundleEnv.ts). A variable the environment holds with the value a file gives it is the file's:
 * vike copies the files' variables into process.env while it bundles
 * (pluginReplaceConstantsEnvVars), and the bundle's second look (`again`) took them for a change,
 * so a bundle was never kept.
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
