import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const root = fileURLToPath(new URL('..', import.meta.url))

// Unit tests live beside the code (cli/**, pages/**); CLI tests in tests/cli; browser tests in
// tests/browser, against sites built once by the global setup. Files run one at a time: builds
// of the same pages/ must not overlap (vike writes transpiled +files beside their sources, see
// cli/generator/prerender/prerenderPages.ts), and on two cores parallel builds gain nothing.
export default defineConfig({
  root,
  test: {
    fileParallelism: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['cli/**/*.test.ts', 'pages/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.ts', 'tests/cli/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/__fixtures__/**'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/support/globalSetup.ts'],
          testTimeout: 60_000,
          // A poll waits for what a page does by itself (an island waking when the browser is idle,
          // a chunk arriving): on a loaded two-core machine that can take more than the default 1 s.
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 300_000,
        },
      },
    ],
  },
})
