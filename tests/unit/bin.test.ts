import { spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { cliVersion } from '../../cli/toolRoot.ts'
import { repoRoot } from '../support/buildSite.ts'

// cli/bin.js runs the CLI's TypeScript as written, with Node's compile cache on, and links itself
// as node_modules/.bin/kube-site. A copy of the tool, with a node_modules of its own (each
// package linked), so that what its runs make touches nothing of the checkout's.

const root = mkdtempSync(join(tmpdir(), 'kube-site-bin-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
for (const entry of ['cli', 'pages', 'package.json', '.node-version']) cpSync(join(repoRoot, entry), join(root, entry), { recursive: true })
mkdirSync(join(root, 'node_modules'))
for (const name of readdirSync(join(repoRoot, 'node_modules'))) {
  if (!name.startsWith('.')) symlinkSync(join(repoRoot, 'node_modules', name), join(root, 'node_modules', name))
}
const cache = join(root, 'node_modules', '.cache', 'kube-site')
const version = `${JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version} (Node ${process.versions.node})`

/** `node cli/bin.js --version` in the copy, started in `cwd`: its exit code and output. */
function run(cwd = root, env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const { NODE_COMPILE_CACHE: _, ...inherited } = process.env
    const child = spawn(process.execPath, [join(root, 'cli', 'bin.js'), '--version'], { cwd, env: { ...inherited, ...env } })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (code) => resolve({ code, output }))
  })
}

it('four kube-sites starting at once all run, link the bin once, and keep V8 code in the cache', { timeout: 60_000 }, async () => {
  const results = await Promise.all([run(), run(), run(), run()])
  expect(results).toEqual(Array(4).fill({ code: 0, output: `${version}\n` }))
  expect(readlinkSync(join(root, 'node_modules', '.bin', 'kube-site'))).toBe(join('..', '..', 'cli', 'bin.js'))
  // Node's compile cache, and nothing else: the CLI is not compiled anywhere.
  expect(readdirSync(cache)).toEqual(['compile-cache'])
  expect(readdirSync(join(cache, 'compile-cache'), { recursive: true }).length).toBeGreaterThan(0)
})

it('leaves the compile cache where NODE_COMPILE_CACHE says', { timeout: 60_000 }, async () => {
  const elsewhere = mkdtempSync(join(tmpdir(), 'kube-site-compile-cache-'))
  try {
    expect(await run(root, { NODE_COMPILE_CACHE: elsewhere })).toEqual({ code: 0, output: `${version}\n` })
    expect(readdirSync(elsewhere).length).toBeGreaterThan(0)
  } finally {
    rmSync(elsewhere, { recursive: true, force: true })
  }
})

it("names the same code by the same version whatever folder it is started in, and another after an edit to a module an entry imports", async () => {
  const fromRoot = cliVersion(root)
  expect(cliVersion(root)).toBe(fromRoot)
  const elsewhere = process.cwd()
  try {
    process.chdir(join(root, 'cli', 'cards'))
    expect(cliVersion(root)).toBe(fromRoot)
  } finally {
    process.chdir(elsewhere)
  }
  const helper = join(root, 'cli', 'util', 'moduleFiles.ts')
  writeFileSync(helper, `${readFileSync(helper, 'utf8')}\n// edited\n`)
  expect(cliVersion(root)).not.toBe(fromRoot)
})
