import { execFile, execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { holdLock } from './buildLock.mjs'
import { nativeCrashReport, withCoreDumps } from './nativeCrash.ts'

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
  /** The tool whose cli/bin.js builds (a copyTool copy, whose site code a test edits); the checkout by default. */
  tool?: string
  /** `--no-cache` when false. */
  cache?: boolean
  /** `--quiet` unless false: a build that prints its phases, for a test that reads them. */
  quiet?: boolean
  /** `--explain=<format>`: with json, stdout holds the explanation alone and the build's lines go to stderr. */
  explain?: 'text' | 'json'
  /** `--profile`: where the time went, after the summary (which way the pages were rendered). */
  profile?: boolean
}

/** NODE_OPTIONS that preload `file` of tests/support/ into a CLI run, besides the test's own. */
const preloading = (file: string) => `${process.env.NODE_OPTIONS ?? ''} --import ${join(repoRoot, 'tests/support', file)}`.trim()

/** The environment of a CLI run whose clock reads `days` days later than the machine's (tests/support/movedClock.mjs). */
export const movedClock = (days: number): Record<string, string> => ({
  NODE_OPTIONS: preloading('movedClock.mjs'),
  KUBE_SITE_TEST_CLOCK_SHIFT_MS: String(days * 86_400_000),
})

/** The environment of a CLI run on a Node that reports another Unicode version (tests/support/otherUnicode.mjs). */
export const otherUnicode = (): Record<string, string> => ({ NODE_OPTIONS: preloading('otherUnicode.mjs') })

/** Builds a site with the real CLI in a child process (vike keeps per-process state). */
export async function buildSite(options: BuildSiteOptions): Promise<{ outDir: string; stdout: string; stderr: string }> {
  mkdirSync(tmpRoot, { recursive: true })
  const outDir = resolve(tmpRoot, options.out)
  const tool = options.tool ?? repoRoot
  const args = [join(tool, 'cli/bin.js'), 'build', '--out', outDir]
  if (options.quiet !== false) args.push('--quiet')
  if (options.cache === false) args.push('--no-cache')
  if (options.posts) args.push('--posts', resolve(repoRoot, options.posts))
  if (options.config) args.push('--config', resolve(repoRoot, options.config))
  if (options.base) args.push('--base', options.base)
  if (options.drafts) args.push('--drafts')
  if (options.noindex) args.push('--noindex')
  if (options.explain) args.push(`--explain=${options.explain}`)
  if (options.profile) args.push('--profile')
  const building = run(...withCoreDumps(process.execPath, args), { cwd: tool, env: cliEnv(options.env, tool), maxBuffer: 64 * 1024 * 1024 })
  const { stdout, stderr } = await building.catch((error: Error & { code?: number; signal?: string; stdout?: string; stderr?: string }) => {
    // Node's message names the command and its stderr: a build that died of a signal, or said why
    // on stdout, would show nothing of it.
    error.message += `\nexit code ${error.code ?? '-'}, signal ${error.signal ?? '-'}\nstdout:\n${error.stdout ?? ''}${nativeCrashReport(error.signal, tool, building.child.pid)}`
    throw error
  })
  return { outDir, stdout, stderr }
}

/** A fixture site's options, whatever folder a file would name: a shared site's. */
export type SharedSiteOptions = Omit<BuildSiteOptions, 'out' | 'tool' | 'quiet' | 'explain' | 'profile'>

/**
 * A fixture site built once a run (KUBE_SITE_TEST_RUN, set by tests/vitest.config.ts for every worker of every project) and
 * read by every file that asks for the same options: the first to ask builds it, the others, in this worker or another,
 * wait for it and take its folder. For files that only read the site; a file that writes into its output builds its own (buildSite).
 */
export async function sharedSite(options: SharedSiteOptions = {}): Promise<{ outDir: string }> {
  const run = process.env.KUBE_SITE_TEST_RUN
  if (!run) throw new Error('sharedSite needs KUBE_SITE_TEST_RUN, which tests/vitest.config.ts sets for a run')
  const key = createHash('sha256').update(JSON.stringify(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : 1)))).digest('hex').slice(0, 12)
  const out = `shared-${key}`
  const built = join(tmpRoot, `${out}.run`)
  mkdirSync(tmpRoot, { recursive: true })
  const release = await holdLock(join(tmpRoot, `${out}.lock`))
  try {
    if (!existsSync(built) || readFileSync(built, 'utf8') !== run) {
      await buildSite({ ...options, out })
      writeFileSync(built, run)
    }
    return { outDir: resolve(tmpRoot, out) }
  } finally {
    release()
  }
}

/** What a build reads of the tool root: the CLI, the site's code, and the files vite and the caches read beside it. */
export const TOOL_ENTRIES = ['cli', 'pages', 'styles', 'public', 'package.json', 'package-lock.json', 'tsconfig.json', '.node-version', 'site.config.ts']

/**
 * Copies `entries` of the checkout into `dir`, with a node_modules of its own whose packages link
 * to the checkout's: a test may edit the copy's site code, and the copy's CLI compiles and caches
 * in its own node_modules/.cache, touching nothing of the checkout's. With packages as symbolic
 * links, the copy's bin compiles its CLI on every run (the bundled packages' files are the
 * checkout's, so it takes the compile for another checkout's: cli/bin.js isStale); hard links
 * (`hardLinks`, 3 s more, on the checkout's file system) make it compile once, as a checkout does.
 */
export function copyTool(dir: string, { entries = TOOL_ENTRIES, hardLinks = false }: { entries?: readonly string[]; hardLinks?: boolean } = {}): string {
  mkdirSync(join(dir, 'node_modules'), { recursive: true })
  for (const entry of entries) cpSync(join(repoRoot, entry), join(dir, entry), { recursive: true })
  const packages = readdirSync(join(repoRoot, 'node_modules')).filter((name) => !name.startsWith('.'))
  if (hardLinks) execFileSync('cp', ['-al', '-t', join(dir, 'node_modules'), ...packages.map((name) => join(repoRoot, 'node_modules', name))])
  else for (const name of packages) symlinkSync(join(repoRoot, 'node_modules', name), join(dir, 'node_modules', name))
  return dir
}

/**
 * Bundles the checkout's cache keeps in the suite (cli/incremental/bundle/bundleCache.ts): its builds
 * of about 20 configs, bases and locales share it, and with a user's 3 the default site's was made
 * 5 times in a run, 9 bundles in all made again (about 3.5 CPU-s each). A tool copy keeps a user's 3.
 */
const SUITE_BUNDLES = '24'

/** The environment of a CLI run from a test (of the checkout, or of `tool`): vitest's own variables removed, as a user's shell has none; its builds take turns (buildLock.mjs). */
export function cliEnv(extra: Record<string, string> = {}, tool = repoRoot): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...(tool === repoRoot && { KUBE_SITE_KEEP_BUNDLES: SUITE_BUNDLES }), ...process.env, ...extra }
  for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key === 'NODE_ENV' || key === 'TEST') delete env[key]
  env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --import ${join(repoRoot, 'tests/support/buildLock.mjs')}`.trim()
  return env
}
