import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const root = fileURLToPath(new URL('..', import.meta.url))

// Unit tests live beside the code (cli/**, pages/**); browser tests in tests/browser run one
// file at a time against sites built once by the global setup.
export default defineConfig({
  root,
  test: {
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
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
})
