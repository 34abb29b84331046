import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The folder holding pages/, styles/ and public/ (the site kube-site renders). The bin sets it,
 * since the compiled CLI runs from a cache folder; from source (tests) it is this file's parent.
 */
export const toolRoot = process.env.KUBE_SITE_TOOL_ROOT ?? fileURLToPath(new URL('..', import.meta.url))

/** Where kube-site keeps everything it caches: the compiled CLI, bundles, posts, page manifests. */
export const cacheDir = join(toolRoot, 'node_modules', '.cache', 'kube-site')

/** Where cli/bin.js compiles the CLI. */
export const compiledCliDir = join(cacheDir, 'cli')


/**
 * Whether this is the CLI cli/bin.js compiled, rather than its source (as in unit tests), where a
 * file compiled earlier (a worker, a cached post) may not match the code that runs.
 */
export const runsCompiled = (): boolean => Boolean(process.env.KUBE_SITE_TOOL_ROOT) && existsSync(compiledCliDir)

/** The compiled file of a worker entry (cli/bin.js compiles one per worker), or undefined from source. */
export function compiledEntry(name: 'postWorker' | 'prerenderWorker' | 'pageWriter' | 'surveyOutput' | 'socialCardWorker' | 'pagefindWorker'): string | undefined {
  const file = join(compiledCliDir, `${name}.mjs`)
  return runsCompiled() && existsSync(file) ? file : undefined
}

/**
 * The runtime, as far as what the CLI makes can depend on it: Node's version (V8's), and the ICU
 * and Unicode versions behind Intl, localeCompare and regular expressions' \p{…} classes (a
 * heading's id keeps \p{L}), which a Node built against the system's ICU does not fix. Every
 * cache of what the CLI's JavaScript makes is keyed by it, with compiledCliVersion: the bundles,
 * the rendered posts and what is made from them (postCache.ts rendererVersion), the social cards
 * (a title's line breaks are Intl.Segmenter's) and the SVG verdicts (fingerprint.ts CACHE_INPUTS). A checkout
 * run by another Node (the project provides Node 26 from the registry beside a system Node 20)
 * makes them again, and never takes what the other made for what it would make itself.
 */
export const runtimeVersion = (): string => `node ${process.version}; icu ${process.versions.icu ?? 'none'}; unicode ${process.versions.unicode ?? 'none'}`

/** compiledCliDir relative to toolRoot. */
export const compiledCliPath = relative(toolRoot, compiledCliDir)

/**
 * The compiled CLI of the tool at `root`, as one hash of the files its last compile made (cli/bin.js
 * writes it with them); '' when there is none. What the caches of what the CLI makes (bundles,
 * rendered posts) are keyed by: reading it costs nothing, where hashing the folder's 3 MB took
 * 20-30 ms twice a build, and counted chunks an earlier compile left behind for an hour.
 */
export function compiledCliVersion(root = toolRoot): string {
  try {
    return readFileSync(join(root, compiledCliPath, 'version'), 'utf8')
  } catch {
    return ''
  }
}
