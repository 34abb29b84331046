import { spawnSync } from 'node:child_process'
import { readFileSync, readlinkSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { repoRoot } from '../support/buildSite.ts'

// `npx kube-site …` as the README runs it. npm 11 runs a bin named in the project's own
// package.json only after reading the whole installed tree; one in node_modules/.bin it runs at
// once. So package.json names none and cli/bin.js (the package's `prepare`) links itself there.

const packageJson = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'))

it('runs through the link cli/bin.js makes in node_modules/.bin, with no bin in package.json to send npx through the installed tree', () => {
  expect(packageJson.bin).toBeUndefined()
  expect(packageJson.scripts.prepare).toMatch(/^node cli\/bin\.js /)
  const result = spawnSync('npx', ['--no-install', 'kube-site', '--version'], { cwd: repoRoot, encoding: 'utf8' })
  expect(result.stderr).toBe('')
  // On the project's Node (.node-version), which npm ci installed into node_modules/.bin.
  expect(result.stdout.trim()).toBe(`${packageJson.version} (Node ${readFileSync(join(repoRoot, '.node-version'), 'utf8').trim()})`)
  // Made by that run if it was missing, relative so that a copy of the project works too.
  expect(readlinkSync(join(repoRoot, 'node_modules/.bin/kube-site'))).toBe('../../cli/bin.js')
})
