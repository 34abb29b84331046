import { execFile } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
// Where tests build their sites: under node_modules, which vite's globs and watcher never enter.
// vike's globs crawl the whole tool root on every build and dev start; with the suite's sites in
// tests/.tmp (9,000 files by its end) each vite build took about 0.4 s longer, and a dev server's
// first page 0.2 s. A dev server's site cannot live here (devSiteDir in devServer.ts).
export const tmpRoot = join(repoRoot, 'node_modules', '.cache', 'kube-site-tests')
const run = promisify(execFile)

export interface BuildSiteOptions {
  /** Output folder, relative to tmpRoot. */
  out: string
  posts?: string
  config?: string
  base?: string
  drafts?: boolean
  /** `--noindex`: a build not for search engines (previews). */
  noindex?: boolean
  /** Environment variables of the build (KUBE_SITE_THREADS, KUBE_SITE_SEARCH_SHARDS). */
  env?: Record<string, string>
}

/** Builds a site with the real CLI in a child process (vike keeps per-process state). */
export async function buildSite(options: BuildSiteOptions): Promise<{ outDir: string; stdout: string }> {
  mkdirSync(tmpRoot, { recursive: true })
  const outDir = resolve(tmpRoot, options.out)
  const args = ['cli/bin.js', 'build', '--quiet', '--out', outDir]
  if (options.posts) args.push('--posts', resolve(repoRoot, options.posts))
  if (options.config) args.push('--config', resolve(repoRoot, options.config))
  if (options.base) args.push('--base', options.base)
  if (options.drafts) args.push('--drafts')
  if (options.noindex) args.push('--noindex')
  const { stdout } = await run(process.execPath, args, { cwd: repoRoot, env: cliEnv(options.env), maxBuffer: 64 * 1024 * 1024 })
  return { outDir, stdout }
}

/** The environment of a CLI run from a test: vitest's own variables removed, as a user's shell has none. */
export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra }
  for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key === 'NODE_ENV' || key === 'TEST') delete env[key]
  return env
}
