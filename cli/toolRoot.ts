import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The folder holding pages/, styles/ and public/ (the site kube-site renders). The bin sets it,
 * since the compiled CLI runs from a cache folder; from source (tests) it is this file's parent.
 */
export const toolRoot = process.env.KUBE_SITE_TOOL_ROOT ?? fileURLToPath(new URL('..', import.meta.url))

/** Where cli/bin.js compiles the CLI. */
export const compiledCliDir = join(toolRoot, 'node_modules', '.cache', 'kube-site', 'cli')

/**
 * The compiled file of a worker entry (cli/bin.js compiles one per worker), or undefined when the
 * CLI runs from source, as in unit tests: a worker file compiled earlier may not match the source.
 */
export function compiledEntry(name: 'postWorker' | 'prerenderWorker'): string | undefined {
  const file = join(compiledCliDir, `${name}.mjs`)
  return process.env.KUBE_SITE_TOOL_ROOT && existsSync(file) ? file : undefined
}
