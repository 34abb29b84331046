import { existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readTextFile } from './util/readFile.ts'

/** The folder holding pages/, styles/ and public/: the bin sets it (the compiled CLI runs from a cache); from source, this file's parent. */
export const toolRoot = process.env.KUBE_SITE_TOOL_ROOT ?? fileURLToPath(new URL('..', import.meta.url))

/** Where kube-site keeps everything it caches: the compiled CLI, bundles, posts, page manifests. */
export const cacheDir = join(toolRoot, 'node_modules', '.cache', 'kube-site')

/** Where cli/bin.js compiles the CLI. */
export const compiledCliDir = join(cacheDir, 'cli')

/** Whether this is the CLI compiled, not its source (unit tests), where an earlier compiled file may not match the code that runs. */
export const runsCompiled = (): boolean => Boolean(process.env.KUBE_SITE_TOOL_ROOT) && existsSync(compiledCliDir)

/** The compiled file of a worker entry (cli/bin.js compiles one per worker), or undefined from source. */
export function compiledEntry(name: 'postWorker' | 'renderWorker' | 'bundleWorker' | 'pageWriter' | 'surveyOutput' | 'socialCardWorker' | 'pagefindWorker'): string | undefined {
  const file = join(compiledCliDir, `${name}.mjs`)
  return runsCompiled() && existsSync(file) ? file : undefined
}

/**
 * The runtime as far as the CLI's output depends on it: Node's version and the ICU and Unicode behind Intl and \p{…}; every cache
 * of what the CLI's JavaScript makes is keyed by it (bundles, posts, social cards, SVG verdicts), so another Node remakes them.
 */
export const runtimeVersion = (): string => `node ${process.version}; icu ${process.versions.icu ?? 'none'}; unicode ${process.versions.unicode ?? 'none'}`

export const compiledCliPath = relative(toolRoot, compiledCliDir)

/** The compiled CLI at `root` as one hash of the files its compile made (cli/bin.js writes it), '' when none: what caches of its output are keyed by. */
export function compiledCliVersion(root = toolRoot): string {
  return readTextFile(join(root, compiledCliPath, 'version')) ?? ''
}
