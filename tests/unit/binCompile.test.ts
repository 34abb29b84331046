import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { copyTool } from '../support/buildSite.ts'

// cli/bin.js compiles the CLI when its sources changed. After an edit, a test suite starts many
// kube-sites at once: each finds the CLI stale and compiles it, and none may find another's
// compile half done (a worker's file missing, a chunk gone). A copy of the tool, with a
// node_modules of its own (each package linked), so that its compiles touch nothing of the checkout's.

const root = mkdtempSync(join(tmpdir(), 'kube-site-bin-'))
// A copy of the tool is thousands of files: on a loaded two-core machine removing it took more
// than the hooks' default 10 s (seen by two helpers, on main too), and the file failed after its tests passed.
afterAll(() => rmSync(root, { recursive: true, force: true }), 120_000)
copyTool(root, { entries: ['cli', 'pages', 'package.json', 'tsconfig.json', '.node-version'] })
const cache = join(root, 'node_modules', '.cache', 'kube-site')
const version = `${JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version} (Node ${process.versions.node})`

const COMPILED = ['index.mjs', 'inputs.json', 'version', 'postWorker.mjs', 'renderWorker.mjs', 'bundleWorker.mjs', 'pageWriter.mjs', 'surveyOutput.mjs', 'socialCardWorker.mjs']

/** `node cli/bin.js --version` in the copy (started in `cwd`): its exit code and output; `meanwhile` is called until it exits. */
function run(meanwhile?: () => void, cwd = root): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'cli', 'bin.js'), '--version'], { cwd })
    let output = ''
    let exited = false
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (code) => {
      exited = true
      resolve({ code, output })
    })
    const watch = () => {
      if (exited) return
      meanwhile?.()
      setTimeout(watch, 1)
    }
    if (meanwhile) watch()
  })
}

/** The compiled CLI's files as a starting CLI finds them, or undefined while there is none. */
function compiledFiles(): string[] | undefined {
  try {
    return readdirSync(join(cache, 'cli'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/** An edit to the CLI's entry, as its modification time shows it: a second later each time. */
let edits = 0
const touchSource = () => utimesSync(join(root, 'cli', 'index.ts'), new Date(), new Date(Date.now() + 1_000 * ++edits))

it('four kube-sites starting at once with the CLI to compile all run, and leave one whole compile behind', { timeout: 120_000 }, async () => {
  for (const round of ['first compile', 'after an edit']) {
    if (round === 'after an edit') touchSource()
    const results = await Promise.all([run(), run(), run(), run()])
    expect(results, round).toEqual(Array(4).fill({ code: 0, output: `${version}\n` }))
    // The compile and nothing of its making beside it but V8's code for the modules the CLI loaded (Node's compile cache).
    expect(readdirSync(cache).sort(), round).toEqual(['cli', 'compile-cache'])
    const inputs = Object.keys(JSON.parse(readFileSync(join(cache, 'cli', 'inputs.json'), 'utf8')))
    expect(inputs, round).toContain(join(root, 'cli', 'index.ts'))
    expect(readdirSync(join(cache, 'cli')), round).toEqual(expect.arrayContaining(COMPILED))
  }
})

it('while the CLI compiles again, the last compile stays whole where a CLI runs it from, until the new one replaces it whole', { timeout: 120_000 }, async () => {
  expect((await run()).code).toBe(0)
  touchSource()
  let seenCompiling = 0
  const partial: string[][] = []
  const result = await run(() => {
    if (existsSync(cache) && readdirSync(cache).some((name) => name.endsWith('.tmp'))) seenCompiling++
    const files = compiledFiles()
    if (files && !COMPILED.every((file) => files.includes(file))) partial.push(files)
  })
  expect(result).toEqual({ code: 0, output: `${version}\n` })
  // The watch never saw the CLI's folder partial, and ran while the compile was under way (in its folder beside the CLI's).
  expect(partial).toEqual([])
  expect(seenCompiling).toBeGreaterThan(0)
})

it('compiles the same CLI whatever folder it is started in: its version keys the caches and names the social cards', { timeout: 120_000 }, async () => {
  const compiledIn = async (cwd: string) => {
    touchSource()
    expect((await run(undefined, cwd)).code).toBe(0)
    return readFileSync(join(cache, 'cli', 'version'), 'utf8')
  }
  const fromRoot = await compiledIn(root)
  expect(await compiledIn(join(root, 'cli', 'cards'))).toBe(fromRoot)
  expect(await compiledIn(tmpdir())).toBe(fromRoot)
})

// An option for the type checker alone changes none of the compiled code: the version, which keys
// the caches of what the CLI makes (the posts), stays (tests/cli/incrementalTable.ts's tsconfig.json
// row changes an option that changes the code).
it("compiles again when tsconfig.json changes: rolldown's transform reads it; the same code keeps its version", { timeout: 120_000 }, async () => {
  expect(await run()).toEqual({ code: 0, output: `${version}\n` })
  const tsconfig = join(root, 'tsconfig.json')
  const recorded = () => JSON.parse(readFileSync(join(cache, 'cli', 'inputs.json'), 'utf8'))[tsconfig].mtimeMs
  const compiledVersion = () => readFileSync(join(cache, 'cli', 'version'), 'utf8')
  const before = compiledVersion()
  writeFileSync(tsconfig, readFileSync(tsconfig, 'utf8').replace('"strict": true,', '"strict": true,\n    "noUnusedLabels": true,'))
  expect(readFileSync(tsconfig, 'utf8')).toContain('"noUnusedLabels": true')
  const edited = new Date(Date.now() + 60_000)
  utimesSync(tsconfig, edited, edited)
  const editedMs = statSync(tsconfig).mtimeMs
  expect(recorded()).not.toBe(editedMs)
  expect(await run()).toEqual({ code: 0, output: `${version}\n` })
  expect(recorded()).toBe(editedMs)
  expect(compiledVersion()).toBe(before)
})
