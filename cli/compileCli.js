// Compiles the CLI to ES modules with rolldown: cli/index.ts, and one entry per worker thread,
// which threads load by file name (see compiledEntry in toolRoot.ts). cli/bin.js compiles into
// the cache; tests that need a worker as the bin builds it compile into a folder of their own.
import { dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { VIKE_ENTRIES } from './vikeEntries.js'

const cliDir = dirname(fileURLToPath(import.meta.url))

// Packages bundled with our modules, as Node's module loader pays for every file. Still so on Node
// 26, with its compile cache: left in node_modules, they made a one-post rebuild of 100 posts take
// 1.44 s of CPU against 1.25 s bundled (medians of 10 alternate runs). On Node 20:
// - zod, 190 ES modules: 39-45 ms to load at every command's start, 25 ms as one file; pure code,
//   used by our modules alone (the config's and the posts' schemas).
// - vike, whose plugin alone is 307 ES modules: 264-307 ms to load after vite, 180-250 ms as one
//   file; `dev` and a clean build load it before anything else can start. Its modules share their
//   state through globalThis (vike's getGlobalObject), as they must when vite loads them a second
//   time, and each keeps its own address (keepImportMetaUrl). Its packages stay in node_modules.
//   The server bundle and the pages' packages import vike too (viteConfig.ts, SERVER_RUNTIME):
//   each entry point of vike they import is an entry here (vikeEntries.js), its modules shared
//   with the CLI's in chunks, and compiledVike.ts hands Node's imports of vike those files, so a
//   thread runs one copy of vike. Against two (the server bundle's own in its chunk, sharing
//   their state through globalThis), at 100 posts: a clean build 0.97× the CPU and 24 MB less at
//   its peak, a one-post rebuild 0.99× (a title) and 1.02× (a body), medians of 10 alternate pairs
//   (tests/bench/README.md). vike left in node_modules for both, the first way to one copy, loaded
//   vike/server as 191 files: a one-post rebuild took 10 % more CPU.
const BUNDLED = /^(?:zod|vike)(?:\/|$)/

/** The entries, by the name of their compiled file (`index.mjs`…): the CLI, a worker thread each, and vike's entry points that the server bundle imports. */
const ENTRIES = {
  index: join(cliDir, 'index.ts'),
  postWorker: join(cliDir, 'content', 'posts', 'postWorker.ts'),
  prerenderWorker: join(cliDir, 'generator', 'prerender', 'prerenderWorker.ts'),
  pageWriter: join(cliDir, 'generator', 'prerender', 'pageWriterWorker.ts'),
  surveyOutput: join(cliDir, 'generator', 'output', 'surveyOutputWorker.ts'),
  socialCardWorker: join(cliDir, 'cards', 'socialCardWorker.ts'),
  pagefindWorker: join(cliDir, 'search', 'pagefindWorker.ts'),
  ...VIKE_ENTRIES,
}

/** The compiled files a kube-site loads by name (the chunks they import are named by their content). */
export const entryFiles = Object.keys(ENTRIES).map((name) => `${name}.mjs`)

/** The sources of the CLI's own entries (vike's are a package's), relative to the tool root: from source, the CLI's version follows their imports (incremental/fingerprint.ts). */
export const cliSources = Object.values(ENTRIES).filter((entry) => entry.startsWith(cliDir)).map((entry) => relative(dirname(cliDir), entry))

/** Compiles into `outDir`; returns the source files bundled. */
export async function compileCli(outDir) {
  const { build } = await import('rolldown')
  const output = await build({
    input: ENTRIES,
    // What the compiled files name their modules by (rolldown's region comments): paths relative
    // to the tool root, not to the directory kube-site was started from. Relative to that, a
    // compile after an edit made other bytes from another folder, and so another compiled CLI
    // version and other names for the social cards (cardTemplate.ts keys them by its code).
    cwd: dirname(cliDir),
    platform: 'node',
    // Packages stay in node_modules; only our own modules are bundled, with zod and vike (see BUNDLED).
    external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !BUNDLED.test(id),
    logLevel: 'warn',
    plugins: [keepImportMetaUrl],
    // vike's plugin sets `module.exports` for CommonJS callers, in a try: nothing to warn of here.
    checks: { commonJsVariableInEsm: false },
    // Chunks per dynamic import: `--help` does not load vite, a build does.
    output: { dir: outDir, format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
    write: true,
  })
  return output.output.flatMap((chunk) => chunk.moduleIds ?? []).filter((id) => id.startsWith('/'))
}

/** A bundled package's module keeps its own address: a module that finds files beside itself (vike's do) finds them in the package. */
const keepImportMetaUrl = {
  name: 'keep-import-meta-url',
  transform(code, id) {
    if (!id.includes('/node_modules/') || !code.includes('import.meta.url')) return undefined
    return code.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(id).href))
  },
}
