import { randomUUID } from 'node:crypto'
import { globSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { settleEnvironment } from '../cli/threadSafeEnvironment.js'
import LongestFirst from './support/longestFirst.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
// Test files that build in their own process, and every process they start, inherit it.
settleEnvironment(root)
// This run's id, which every worker of every project inherits: a shared fixture site is built once for it (sharedSite in
// support/buildSite.ts). A vitest in watch mode keeps it, as it keeps the served site, until it is started again.
process.env.KUBE_SITE_TEST_RUN ??= randomUUID()

/**
 * The files of the unit tests (beside the code, and tests/unit) that start vite or vike on the
 * site's pages/ (a dev server): they run with the builds, one at a time, for vike writes each
 * +config file transpiled beside its source while loading it (a build's bundle does too, cli/generator/bundle/buildBundle.ts),
 * and two loads of the same pages/ at once would trip on each other's files.
 */
const STARTS_VITE = ['cli/dev/devContentPlugin.test.ts', 'cli/dev/moduleResolveHook.test.ts', 'cli/dev/serverCompiledStylesheets.test.ts', 'cli/dev/startDevServer.test.ts']
/** The browser tests of `kube-site dev`, which runs vite on pages/ as long as its tests last. */
const DEV_SERVER = ['tests/browser/dev.test.ts', 'tests/browser/devFirstSave.test.ts']

/**
 * The unit tier's files run in one module graph per worker (isolate: false: a process and its
 * imports for each of about 190 files cost 24 of the tier's 72 CPU-s), but those that change what
 * the modules of another file would see: they mock or spy on modules, stub the environment or
 * globals, move the clock or the working directory (found by their text, so a new test is placed
 * by itself), and those that must load a module first (loadSiteConfig lists the files a config
 * loads as it loads them).
 */
const CHANGES_MODULES = /\bvi\.(mock|doMock|spyOn|stubEnv|stubGlobal|useFakeTimers|resetModules)\(|process\.chdir\(|process\.env\.\w+ ?=[^=]|delete process\.env\b/
const LOADS_FIRST = ['cli/content/config/loadSiteConfig.test.ts']
const unitFiles = ['cli/**/*.test.ts', 'pages/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.ts']
const isolatedUnits = [...new Set([...LOADS_FIRST, ...globSync(unitFiles, { cwd: root, exclude: (file) => file.includes('node_modules') }).filter((file) => CHANGES_MODULES.test(readFileSync(join(root, file), 'utf8')))])]

/** Files of the builds and browser tiers at once. */
const SLOW_WORKERS = 2

/**
 * A test of the builds and browser tiers, at most: a guard against a hang, never a wait. Machines of this kind differ
 * threefold: the slowest seen (30 November 2026) ran the suite in 1,662 s against 557 s the day before, its longest
 * test under this default 47 s (beforeHydration's 20 loads of the home page), 60 s being the default before.
 */
const SLOW_TEST_TIMEOUT = 180_000

/** A poll waits for what a page does by itself (an island waking when the browser is idle, a chunk arriving): on a loaded two-core machine that can take more than the default 1 s. */
const POLL = { poll: { timeout: 10_000 } }

// Three tiers (tests/README.md says which a new test belongs to):
// - unit: pure tests, and CLI runs that build nothing; files in parallel, on every core; first;
// - builds: tests/cli's site builds and the dev servers, in the browser or not;
// - browser: chromium against sites built by the real CLI.
// Builds and browser run together, two files at a time (vitest wants one worker count for a
// group): a page mostly waits (on its scripts, its idle callbacks, its transitions) and leaves a
// core to a build. Builds with the checkout's pages/ and vite on it take turns (buildLock.mjs in
// tests/support/); the incremental table builds copies of the tool, in its own time.
export default defineConfig({
  root,
  test: {
    reporters: ['default', './tests/support/slowestFiles.ts'],
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: unitFiles,
          exclude: ['**/node_modules/**', '**/__fixtures__/**', ...STARTS_VITE, ...isolatedUnits],
          testTimeout: 60_000,
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          include: isolatedUnits,
          exclude: ['**/node_modules/**', '**/__fixtures__/**', ...STARTS_VITE],
          testTimeout: 60_000,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'builds',
          include: ['tests/cli/**/*.test.ts', ...STARTS_VITE, ...DEV_SERVER],
          exclude: ['**/node_modules/**', '**/__fixtures__/**'],
          testTimeout: SLOW_TEST_TIMEOUT,
          hookTimeout: 300_000,
          expect: POLL,
          maxWorkers: SLOW_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/__fixtures__/**', ...DEV_SERVER],
          globalSetup: ['tests/support/globalSetup.ts'],
          testTimeout: SLOW_TEST_TIMEOUT,
          expect: POLL,
          hookTimeout: 300_000,
          maxWorkers: SLOW_WORKERS,
          // A worker's files share its modules, so its chromium and the contexts it keeps
          // (launchBrowser): each file launched its own, 28 launches a run.
          isolate: false,
          // Concurrent tests (every page's policy) a few at a time, beside another file's.
          maxConcurrency: 3,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
