#!/usr/bin/env node
// `npm test`: everything, on a fresh machine too. Installs Debian's chromium for the browser
// tests when it is missing, type-checks, then runs every vitest project (unit, browser).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

if (!existsSync(chromium)) {
  if (process.getuid?.() !== 0) {
    console.error(`${chromium} is missing. Install it with: sudo apt-get install -y chromium`)
    process.exit(1)
  }
  console.log('Installing Debian chromium for the browser tests...')
  run('apt-get', ['update', '-qq'])
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
}

run('npx', ['tsc', '--noEmit', '-p', '.'])
run('npx', ['vitest', 'run', '--config', 'tests/vitest.config.ts', ...process.argv.slice(2)])
