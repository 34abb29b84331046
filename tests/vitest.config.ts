import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const root = fileURLToPath(new URL('..', import.meta.url))

// Unit tests live beside the code (cli/**, pages/**); browser tests in tests/browser.
export default defineConfig({
  root,
  test: {
    include: ['cli/**/*.test.ts', 'pages/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/__fixtures__/**'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
})
