#!/usr/bin/env node
// `npm test`: everything, on a fresh machine too. Installs Debian's chromium (browser tests) and
// Java (the Nu HTML checker) when they are missing, then runs every vitest project (unit, builds, browser)
// and the type check beside them.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

// What the suite needs from Debian: chromium for the browser tests, Java for the Nu HTML checker
// (vnu-jar), gdb. Installed when missing, if we are root (as on CI); else the apt-get line is printed.
const missing = []
if (!existsSync(chromium)) missing.push('chromium', 'fonts-dejavu-core')
if (spawnSync('java', ['-version'], { stdio: 'ignore' }).status !== 0) missing.push('openjdk-17-jre-headless')
// gdb reads the core of a CLI run that died of a fault in native code (tests/support/nativeCrash.ts).
if (!existsSync('/usr/bin/gdb')) missing.push('gdb')
if (missing.length) {
  if (process.getuid?.() !== 0) {
    console.error(`Missing for the tests: ${missing.join(', ')}. Install with: sudo apt-get install -y ${missing.join(' ')}`)
    process.exit(1)
  }
  console.log(`Installing Debian's ${missing.join(', ')} for the tests...`)
  run('apt-get', ['update', '-qq'])
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
}

// The type check runs beside the tests (a core of its own while the browser tests mostly wait),
// its report printed after theirs; either failing fails the run.
const typeCheck = new Promise((resolve) => {
  const child = spawn('npx', ['tsc', '--noEmit', '-p', '.'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  child.on('close', (status) => resolve({ status, output }))
})
// Every temporary folder of the run (the tests', their builds', chromium's) in one of its own,
// removed when the run ends: a test that does not remove its own leaves nothing behind either.
// On the system's file system, as the tool copies hard-link the checkout's packages.
const temporary = mkdtempSync(join(tmpdir(), 'kube-site-tests-'))
const tests = await new Promise((resolve) =>
  spawn('npx', ['vitest', 'run', '--config', 'tests/vitest.config.ts', ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, TMPDIR: temporary } }).on('close', resolve),
)
rmSync(temporary, { recursive: true, force: true, maxRetries: 3 })
const { status, output } = await typeCheck
if (status !== 0) console.error(`\nThe type check failed (tsc --noEmit -p .):\n${output}`)
else console.log('The type check passed (tsc --noEmit -p .).')
process.exit(tests !== 0 ? (tests ?? 1) : status === 0 ? 0 : 1)
