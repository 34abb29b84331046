#!/usr/bin/env -S node --max-semi-space-size=16
// The `kube-site` bin: runs the CLI compiled to ES modules, recompiled by rolldown (~100 ms) only when a file it
// bundled changed or went away: loading ~700 TypeScript modules one by one cost a rebuild 20 % more CPU.
import { createHash, randomBytes } from 'node:crypto'
import module from 'node:module'
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { compileCli, entryFiles } from './compileCli.js'
import { compiledCliInputs, compiledCliStale } from './incremental/compiledCli.js'
import { settleEnvironment } from './threadSafeEnvironment.js'

// The Node of .node-version, installed by npm ci (optionalDependencies) and first on npx's PATH; an older one gets a one-line message, not a failure inside.
const runtime = readFileSync(new URL('../.node-version', import.meta.url), 'utf8').trim()
if (Number.parseInt(process.versions.node, 10) < Number.parseInt(runtime, 10)) {
  process.stderr.write(`kube-site runs on Node ${runtime} (.node-version), not ${process.versions.node}: run it as npx kube-site, which takes the Node npm ci installed, or put Node ${Number.parseInt(runtime, 10)} first on the PATH.\n`)
  process.exit(1)
}

// The heap kept within 1.5 times what survived its last full collection (heapGrowth.ts); not for the dev server, whose first page came 0.15 s later.
const command = process.argv.slice(2).find((arg) => !arg.startsWith('-'))
if (command !== 'dev' && command !== 'build') setFlagsFromString('--heap-growing-percent=50')

// V8's young generation as in Node 20 (16 MB semi-spaces): Node 26's raised a 4,000-post build's peak ~15 %. Set by the shebang, or here for workers under `node cli/bin.js`.
const youngGeneration = '--max-semi-space-size=16'
if (!process.execArgv.includes(youngGeneration)) setFlagsFromString(youngGeneration)

const toolRoot = dirname(dirname(fileURLToPath(import.meta.url)))
const outDir = join(toolRoot, 'node_modules', '.cache', 'kube-site', 'cli')
const outFile = join(outDir, 'index.mjs')
// Node's compile cache, kept beside the compiled CLI; inherited by threads started later. NODE_COMPILE_CACHE keeps it elsewhere; NODE_DISABLE_COMPILE_CACHE=1 goes without.
process.env.NODE_COMPILE_CACHE ??= join(dirname(outDir), 'compile-cache')
module.enableCompileCache()

/** Compiles into a folder of its own, then renames each file in (the inputs' record last), so kube-sites starting together never find a CLI half made; the compile's hash keys the caches. */
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
    writeFileSync(join(building, 'inputs.json'), compiledCliInputs(files))
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

// Why it is compiled again, if it is: `build --explain` reports it (runBuild.ts).
const stale = compiledCliStale(outDir, 'index.mjs', toolRoot)
if (stale) await compile()
process.env.KUBE_SITE_CLI_COMPILED = stale ?? ''

// `npx kube-site` finds node_modules/.bin/kube-site, linked here (`prepare`): package.json names no `bin`, as npm 11
// reads the whole tree first (0.74 s against 0.31). The link is relative: in a worktree sharing node_modules, run `node cli/bin.js`.
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
settleEnvironment(toolRoot)
const { main } = await import(pathToFileURL(outFile).href)
await main(process.argv)
