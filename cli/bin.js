#!/usr/bin/env node
// The `kube-site` bin. It runs the CLI compiled to ES modules, so start-up does not pay for a
// TypeScript loader. rolldown (vite's own bundler, ~100 ms) compiles it again only when one of the
// files it bundled last time (cli/ and the pure modules it imports from pages/) changed or went
// away, or the entry itself is newer: an edited CLI never runs stale code.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { compileCli } from './compileCli.js'

// The heap kept within 1.5 times what survived its last full collection (see
// cli/util/heapGrowth.ts). A build decides for itself once it knows how much it has to make. Not
// for the dev server: its heap starts small and grows while it starts, and the flag's extra
// collections made it answer its first page 0.15 s later.
const command = process.argv.slice(2).find((arg) => !arg.startsWith('-'))
if (command !== 'dev' && command !== 'build') setFlagsFromString('--heap-growing-percent=50')

const toolRoot = dirname(dirname(fileURLToPath(import.meta.url)))
const outDir = join(toolRoot, 'node_modules', '.cache', 'kube-site', 'cli')
const outFile = join(outDir, 'index.mjs')
// The source files of the last compile, with their modification times.
const inputsFile = join(outDir, 'inputs.json')

function isStale() {
  if (!existsSync(outFile) || !existsSync(inputsFile)) return true
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'))
  // A compile of another checkout that shares this node_modules (a worktree linked to it) is not this one's.
  const ours = join(toolRoot, '/')
  return Object.entries(inputs).some(([file, mtimeMs]) => !file.startsWith(ours) || !existsSync(file) || statSync(file).mtimeMs !== mtimeMs)
}

/**
 * Compiles into a folder of its own beside the CLI's, then puts it in place with two renames.
 * Several kube-sites may start at once after an edit (a test suite's builds): compiled in place,
 * each removed the folder the others were compiling into or running from, and a build that looked
 * for a worker's file, or hashed the compiled CLI for its caches' version, found half of it. Now
 * a running CLI's folder is never half written: its files are the last compile's, then the next's
 * (the same names for the same source: rolldown names chunks by their content).
 */
async function compile() {
  const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`
  const building = `${outDir}.${suffix}.tmp`
  const previous = `${outDir}.${suffix}.old`
  mkdirSync(building, { recursive: true })
  try {
    // The compile settings are an input too.
    const files = [...(await compileCli(building)), fileURLToPath(new URL('./compileCli.js', import.meta.url))]
    writeFileSync(join(building, 'inputs.json'), JSON.stringify(Object.fromEntries(files.map((file) => [file, statSync(file).mtimeMs]))))
    try {
      renameSync(outDir, previous)
    } catch (error) {
      if (error.code !== 'ENOENT') throw error
    }
    try {
      renameSync(building, outDir)
    } catch (error) {
      // Another kube-site put its compile in place between the two renames: it is the same.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error
    }
  } finally {
    rmSync(building, { recursive: true, force: true })
    rmSync(previous, { recursive: true, force: true })
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
