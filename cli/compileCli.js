// Compiles the CLI to ES modules with rolldown: cli/index.ts, and one entry per worker thread,
// which threads load by file name (see compiledEntry in toolRoot.ts). cli/bin.js compiles into
// the cache; tests that need a worker as the bin builds it compile into a folder of their own.
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

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
//   So a thread runs two copies of vike: this one and the server bundle's (viteConfig.ts,
//   SERVER_RUNTIME), or node_modules' in `dev`. One copy was tried (28 November 2026): vike left
//   in node_modules here and in the server build, which all three then load. A clean build of 100
//   posts took the same time, but a one-post rebuild loads vike/server as 191 files where it
//   loaded two chunks: 0.91 against 0.83 s of CPU for a title edit (rendered by the server
//   runtime), 0.69 against 0.62 s for a body edit (which loads the runtime too, before it knows it
//   needs none), medians of 10 alternate runs. About 10 % more: the copies stay, sharing their
//   state through globalThis (cli/README.md, "Private APIs").
const BUNDLED = /^(?:zod|vike)(?:\/|$)/

/** The entries, by the name of their compiled file (`index.mjs`…): the CLI, and a worker thread each. */
const ENTRIES = {
  index: join(cliDir, 'index.ts'),
  postWorker: join(cliDir, 'content', 'postWorker.ts'),
  prerenderWorker: join(cliDir, 'generator', 'prerenderWorker.ts'),
  pageWriter: join(cliDir, 'generator', 'pageWriterWorker.ts'),
  surveyOutput: join(cliDir, 'generator', 'surveyOutputWorker.ts'),
  socialCardWorker: join(cliDir, 'cards', 'socialCardWorker.ts'),
  pagefindWorker: join(cliDir, 'search', 'pagefindWorker.ts'),
}

/** The compiled files a kube-site loads by name (the chunks they import are named by their content). */
export const entryFiles = Object.keys(ENTRIES).map((name) => `${name}.mjs`)

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
