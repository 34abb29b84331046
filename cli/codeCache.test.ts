import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'

// Each run is a Node process of its own, as kube-site's are: the cache lives between processes.
const root = mkdtempSync(join(tmpdir(), 'kube-site-code-cache-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const cacheDir = join(root, 'v8')
const packageDir = join(root, 'node_modules', 'fixture')
const codeCache = pathToFileURL(join(import.meta.dirname, 'codeCache.js')).href

/** A package as npm installs one: CommonJS that requires files beside it, resolves one, and (in one of them) imports an ES module. */
function writePackage(greeting = 'hello') {
  mkdirSync(packageDir, { recursive: true })
  writeFileSync(join(packageDir, 'package.json'), JSON.stringify({ name: 'fixture', main: 'index.js' }))
  writeFileSync(join(packageDir, 'helper.js'), `exports.shout = (text) => text.toUpperCase() + '!'`)
  writeFileSync(join(packageDir, 'later.mjs'), `export const later = 'imported'`)
  writeFileSync(join(packageDir, 'dynamic.js'), `exports.later = async () => (await import('./later.mjs')).later`)
  writeFileSync(
    join(packageDir, 'index.js'),
    `const { shout } = require('./helper')
exports.run = async () => [shout(${JSON.stringify(greeting)}), require('path').basename(__dirname), require.resolve('./helper') === __dirname + '/helper.js', await require('./dynamic').later()].join(' ')`,
  )
}

/** Runs a process that requires `module` with the cache on; what it printed and the cache's counts. */
function run({ module = 'fixture', flag, env = {} }: { module?: string; flag?: string; env?: Record<string, string> } = {}): { output: string; used: number; made: number } {
  const script = join(root, 'run.mjs')
  writeFileSync(
    script,
    `import { createRequire } from 'node:module'
import { codeCacheStats, setV8Flag, useCodeCache } from ${JSON.stringify(codeCache)}
${flag ? `setV8Flag(${JSON.stringify(flag)})` : ''}
useCodeCache(${JSON.stringify(cacheDir)})
const output = await createRequire(${JSON.stringify(join(root, 'x.js'))})(${JSON.stringify(module)}).run()
console.log(JSON.stringify({ output, ...codeCacheStats() }))`,
  )
  return JSON.parse(execFileSync(process.execPath, [script], { env: { ...process.env, ...env }, encoding: 'utf8' }))
}

const cachedFiles = () => readdirSync(cacheDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())

beforeEach(() => {
  rmSync(cacheDir, { recursive: true, force: true })
  writePackage()
})

describe('useCodeCache', () => {
  it("compiles a package's modules from V8's code of the run before, and they work the same; one that may import() as Node does", () => {
    const first = run()
    expect(first).toEqual({ output: 'HELLO! fixture true imported', used: 0, made: 2 })
    expect(cachedFiles()).toHaveLength(2)
    expect(run()).toEqual({ output: 'HELLO! fixture true imported', used: 2, made: 0 })
  })

  it('compiles a module again when its text changed, even to a text of the same length (which V8 alone would take)', () => {
    run()
    writePackage('howdy')
    expect(run()).toEqual({ output: 'HOWDY! fixture true imported', used: 1, made: 1 })
    expect(run()).toEqual({ output: 'HOWDY! fixture true imported', used: 2, made: 0 })
  })

  it('compiles a module again when its cached code is damaged', () => {
    run()
    for (const entry of cachedFiles()) {
      const file = join(entry.parentPath, entry.name)
      const bytes = readFileSync(file)
      // The check of the text kept, V8's data cut short.
      writeFileSync(file, bytes.subarray(0, 8 + Math.floor((bytes.length - 8) / 2)))
    }
    expect(run()).toEqual({ output: 'HELLO! fixture true imported', used: 0, made: 2 })
    expect(run().used).toBe(2)
  })

  it('keeps the code of each set of flags apart, so runs with and without a flag each use their own', () => {
    run()
    expect(run({ flag: '--heap-growing-percent=50' })).toMatchObject({ used: 0, made: 2 })
    expect(run()).toMatchObject({ used: 2, made: 0 })
    expect(run({ flag: '--heap-growing-percent=50' })).toMatchObject({ used: 2, made: 0 })
  })

  it("leaves modules outside node_modules or in its tools' folders, and everything when turned off, to Node", () => {
    const own = join(root, 'own.js')
    writeFileSync(own, `exports.run = async () => 'own'`)
    expect(run({ module: own })).toEqual({ output: 'own', used: 0, made: 0 })
    const temporary = join(root, 'node_modules', '.tool-temp', 'config.js')
    mkdirSync(join(root, 'node_modules', '.tool-temp'), { recursive: true })
    writeFileSync(temporary, `exports.run = async () => 'temporary'`)
    expect(run({ module: temporary })).toEqual({ output: 'temporary', used: 0, made: 0 })
    expect(run({ env: { KUBE_SITE_CODE_CACHE: '0' } })).toEqual({ output: 'HELLO! fixture true imported', used: 0, made: 0 })
    expect(readdirSync(root)).not.toContain('v8')
  })

  it("reports a package's syntax error as Node does, naming the file", () => {
    writeFileSync(join(packageDir, 'index.js'), 'exports.run = () => {')
    writeFileSync(join(root, 'broken.mjs'), `import { useCodeCache } from ${JSON.stringify(codeCache)}\nimport { createRequire } from 'node:module'\nuseCodeCache(${JSON.stringify(cacheDir)})\ncreateRequire(${JSON.stringify(join(root, 'x.js'))})('fixture')`)
    const result = spawnSync(process.execPath, [join(root, 'broken.mjs')], { encoding: 'utf8' })
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain(join(packageDir, 'index.js'))
    expect(result.stderr).toContain('SyntaxError')
  })
})
