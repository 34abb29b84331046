import { createHash } from 'node:crypto'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { moduleTexts } from './util/moduleFiles.ts'

/**
 * The folder holding cli/, pages/, styles/ and public/ (the tool and the site it renders): this
 * file's parent. cli/bin.js also sets it in the environment, which tells a module it runs in the
 * CLI rather than in a unit test (runsAsCli).
 */
export const toolRoot = process.env.KUBE_SITE_TOOL_ROOT ?? fileURLToPath(new URL('..', import.meta.url))

/** Where kube-site keeps everything it caches: bundles, posts, page manifests, V8's compiled code. */
export const cacheDir = join(toolRoot, 'node_modules', '.cache', 'kube-site')

/**
 * Whether this is the CLI as cli/bin.js starts it, rather than a module a unit test imports: the
 * CLI's caches and threads are its own (a unit test renders in its own thread, and caches
 * nothing unless it asks to).
 */
export const runsAsCli = (): boolean => Boolean(process.env.KUBE_SITE_TOOL_ROOT)

/** The entry of each worker thread, run as written: Node 26 strips the types. */
const WORKER_ENTRIES = {
  postWorker: 'cli/content/postWorker.ts',
  prerenderWorker: 'cli/generator/prerenderWorker.ts',
  pageWriter: 'cli/generator/pageWriterWorker.ts',
  surveyOutput: 'cli/generator/surveyOutputWorker.ts',
  socialCardWorker: 'cli/cards/socialCardWorker.ts',
  pagefindWorker: 'cli/search/pagefindWorker.ts',
} as const

export type WorkerName = keyof typeof WORKER_ENTRIES

/** A worker thread's entry file. */
export const workerEntryFile = (name: WorkerName, root = toolRoot): string => join(root, WORKER_ENTRIES[name])

/** The entry a stage starts its threads with when it runs in the CLI; undefined in a unit test, where it works in its own thread. */
export const workerEntry = (name: WorkerName): string | undefined => (runsAsCli() ? workerEntryFile(name) : undefined)

/**
 * The runtime, as far as what the CLI makes can depend on it: Node's version (V8's), and the ICU
 * and Unicode versions behind Intl, localeCompare and regular expressions' \p{…} classes (a
 * heading's id keeps \p{L}), which a Node built against the system's ICU does not fix. Every
 * cache of what the CLI's JavaScript makes is keyed by it, with cliVersion: the bundles, and the
 * rendered posts and what is made from them (postCache.ts rendererVersion). A checkout run by
 * another Node (the project provides Node 26 from the registry beside a system Node 20) makes
 * them again, and never takes what the other made for what it would make itself.
 */
export const runtimeVersion = (): string => `node ${process.version}; icu ${process.versions.icu ?? 'none'}; unicode ${process.versions.unicode ?? 'none'}`

/** Where threads started after the first to work cliVersion out find it (they inherit the environment), as `<version> <tool root>`. */
const CLI_VERSION_VARIABLE = 'KUBE_SITE_CLI_VERSION'

/**
 * The CLI's code, as one hash of the modules the CLI and its threads run (their paths from the
 * tool root and their text, found by following the imports from the entries), so a helper an
 * entry comes to import is part of it at once. The caches of what the CLI makes (bundles,
 * rendered posts, SVG verdicts) are keyed by it: an edit to the code makes them again, a touch
 * keeps them. Worked out once a run of the CLI (about 210 files, some 10 ms); its threads take its.
 */
export function cliVersion(root = toolRoot): string {
  const known = process.env[CLI_VERSION_VARIABLE]
  if (root === toolRoot && known?.endsWith(` ${root}`)) return known.slice(0, known.indexOf(' '))
  const entries = [join(root, 'cli', 'index.ts'), ...Object.keys(WORKER_ENTRIES).map((name) => workerEntryFile(name as WorkerName, root))]
  const texts = moduleTexts(...entries)
  const hash = createHash('sha256')
  for (const file of [...texts.keys()].sort()) hash.update(relative(root, file)).update('\0').update(texts.get(file)!).update('\0')
  const version = hash.digest('hex')
  if (root === toolRoot) process.env[CLI_VERSION_VARIABLE] = `${version} ${root}`
  return version
}
