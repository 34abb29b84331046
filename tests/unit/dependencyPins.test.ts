import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../support/buildSite.ts'

// kube-site uses private fields, files and formats of these (cli/README.md, "Private APIs"): each is
// pinned to one version, so that no install takes a release that has changed one. An upgrade is a
// change of package.json and the lockfile, made with the canaries the README names run
// (cli/generator/privateApis.test.ts and the others).
const PINNED = ['vike', 'vike-react', 'vite', 'rolldown', 'zod', 'react', 'react-dom', '@brillout/json-serializer', 'js-yaml']

const read = (file: string) => JSON.parse(readFileSync(join(repoRoot, file), 'utf8'))

describe('the dependencies whose private APIs kube-site uses', () => {
  it.each(PINNED)('%s is pinned to the exact version installed, in package.json and the lockfile', (name) => {
    const wanted = read('package.json').dependencies[name] as string
    expect(wanted).toMatch(/^\d+\.\d+\.\d+$/)
    const lock = read('package-lock.json')
    expect(lock.packages[''].dependencies[name]).toBe(wanted)
    expect(lock.packages[`node_modules/${name}`].version).toBe(wanted)
    expect(read(`node_modules/${name}/package.json`).version).toBe(wanted)
  })
})
