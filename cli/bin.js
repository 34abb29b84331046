#!/usr/bin/env node
// The `kube-site` bin. It runs the CLI as one compiled ES module, so start-up does not pay for a
// TypeScript loader. The bundle (split per command) is rebuilt with rolldown (vite's own bundler, ~100 ms) only when
// a source file in cli/ is newer than it, so an edited CLI never runs stale code.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const toolRoot = dirname(dirname(fileURLToPath(import.meta.url)))
const cliDir = join(toolRoot, 'cli')
const outDir = join(toolRoot, 'node_modules', '.cache', 'kube-site', 'cli')
const outFile = join(outDir, 'index.mjs')

function newestSourceMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== '__fixtures__') newest = Math.max(newest, newestSourceMtime(path))
    } else if (/\.(ts|tsx|js|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      newest = Math.max(newest, statSync(path).mtimeMs)
    }
  }
  return newest
}

async function compile() {
  const { build } = await import('rolldown')
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(outDir, { recursive: true })
  await build({
    // The prerender worker is an entry of its own: threads load it by file name.
    input: { index: join(cliDir, 'index.ts'), prerenderWorker: join(cliDir, 'build', 'prerenderWorker.ts') },
    platform: 'node',
    // Packages stay in node_modules; only our own modules are bundled.
    external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0'),
    logLevel: 'warn',
    // Chunks per dynamic import: `--help` does not load vite, a build does.
    output: { dir: outDir, format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
    write: true,
  })
}

const stale = !existsSync(outFile) || statSync(outFile).mtimeMs < newestSourceMtime(cliDir)
if (stale) await compile()

process.env.KUBE_SITE_TOOL_ROOT = toolRoot
const { main } = await import(pathToFileURL(outFile).href)
await main(process.argv)
