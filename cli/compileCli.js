// Compiles the CLI to ES modules with rolldown: cli/index.ts, and one entry per worker thread,
// which threads load by file name (see compiledEntry in toolRoot.ts). cli/bin.js compiles into
// the cache; tests that need a worker as the bin builds it compile into a folder of their own.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const cliDir = dirname(fileURLToPath(import.meta.url))

// Packages bundled with our modules. zod is 190 ES modules, which Node 20's module loader took
// 39-45 ms to load at every command's start (25 ms as one file): pure code, used by our modules
// alone (the config's and the posts' schemas).
const BUNDLED = /^zod(?:\/|$)/

/** Compiles into `outDir`; returns the source files bundled. */
export async function compileCli(outDir) {
  const { build } = await import('rolldown')
  const output = await build({
    input: {
      index: join(cliDir, 'index.ts'),
      postWorker: join(cliDir, 'content', 'postWorker.ts'),
      prerenderWorker: join(cliDir, 'generator', 'prerenderWorker.ts'),
      pageWriter: join(cliDir, 'generator', 'pageWriterWorker.ts'),
      surveyOutput: join(cliDir, 'generator', 'surveyOutputWorker.ts'),
      socialCardWorker: join(cliDir, 'cards', 'socialCardWorker.ts'),
    },
    platform: 'node',
    // Packages stay in node_modules; only our own modules are bundled, and zod (see BUNDLED).
    external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !BUNDLED.test(id),
    logLevel: 'warn',
    // Chunks per dynamic import: `--help` does not load vite, a build does.
    output: { dir: outDir, format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
    write: true,
  })
  return output.output.flatMap((chunk) => chunk.moduleIds ?? []).filter((id) => id.startsWith('/'))
}
