import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliEnv, repoRoot } from '../support/buildSite.ts'
import { freePort, importRepoConfig } from '../support/devServer.ts'

// One copy of vike in every thread (cli/compiledVike.ts): the compiled CLI's, which the server
// bundle and the pages' packages import too. Each run of the real CLI here has a preload that
// writes, as each thread ends, how many copies of vike it evaluated (countVikeCopies.mjs).

interface ThreadCopies {
  thread: number
  copies: number
  fromNodeModules: number
}

const PRELOAD = pathToFileURL(join(repoRoot, 'tests/cli/__fixtures__/countVikeCopies.mjs')).href
const POST = 'pod-security-admission-in-practice.md'

let site: string
let runs = 0

/** Runs the CLI in `site` with the preload until it exits, or until `until` has run and stopped it; returns each thread's copies. */
async function countCopies(args: string[], { env = {}, until, cliRenders = true }: { env?: Record<string, string>; until?: (output: () => string) => Promise<void>; cliRenders?: boolean } = {}): Promise<ThreadCopies[]> {
  const record = join(site, `copies-${++runs}.jsonl`)
  const child = spawn(process.execPath, ['--import', PRELOAD, join(repoRoot, 'cli/bin.js'), ...args], { cwd: site, env: cliEnv({ ...env, NO_COLOR: '1', KUBE_SITE_VIKE_COPIES: record }) })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
  if (until) {
    await until(() => output)
    child.kill('SIGTERM')
  }
  const code = await exited
  if (!until) expect(code, output).toBe(0)
  // Each thread's last line: a thread writes one as its count changes, and at its end.
  const lines = readFileSync(record, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as ThreadCopies)
  const threads = [...new Map(lines.map((line) => [line.thread, line])).values()]
  // A thread that ran vike ran one copy; the CLI's own thread runs it when it renders (or serves) pages, and loads none when rendering threads do.
  expect(threads.filter((thread) => thread.copies > 1), JSON.stringify(threads)).toEqual([])
  expect(threads.find((thread) => thread.thread === 0)?.copies, JSON.stringify(threads)).toBe(cliRenders ? 1 : 0)
  expect(threads.filter((thread) => thread.fromNodeModules > 0), JSON.stringify(threads)).toEqual([])
  return threads
}

beforeAll(() => {
  site = mkdtempSync(join(tmpdir(), 'kube-site-vike-copies-'))
  // The site in one language, as tests/cli/build.test.ts builds it.
  cpSync(join(repoRoot, 'posts'), join(site, 'posts'), { recursive: true, filter: (path) => !path.startsWith(join(repoRoot, 'posts', 'de')) })
  writeFileSync(join(site, 'site.config.ts'), `${importRepoConfig}\nexport default { ...config, locales: [] }\n`)
})
afterAll(() => rmSync(site, { recursive: true, force: true }))

describe('one copy of vike in a thread', () => {
  it('in a clean build, in the bundle\'s thread, rendering in the CLI\'s thread, and in rendering threads (none then in the CLI\'s)', async () => {
    await countCopies(['build', '--quiet'])
    const threads = await countCopies(['build', '--quiet', '--no-cache'], { env: { KUBE_SITE_THREADS: '2' }, cliRenders: false })
    // The bundle's thread and two rendering threads.
    expect(threads.filter((thread) => thread.thread !== 0 && thread.copies === 1).length, JSON.stringify(threads)).toBeGreaterThanOrEqual(2)
  }, 240_000)

  it("in a one-post rebuild, whose pages vike's server runtime renders", async () => {
    const post = join(site, 'posts', POST)
    writeFileSync(post, readFileSync(post, 'utf8').replace(/^title: .*$/m, 'title: "A title edited for one copy of vike"'))
    await countCopies(['build', '--quiet'])
    expect(readFileSync(join(site, 'dist/blog/pod-security-admission-in-practice/index.html'), 'utf8')).toContain('A title edited for one copy of vike')
  }, 120_000)

  it('in dev, rendering a post and a list of posts', async () => {
    const port = await freePort()
    await countCopies(['dev', '--port', String(port)], {
      async until(output) {
        await expect.poll(() => /kube-site dev at (http:\S+)/.exec(output())?.[1], { timeout: 60_000 }).toBeTruthy()
        const url = /kube-site dev at (http:\S+)/.exec(output())![1]!
        for (const path of ['blog/pod-security-admission-in-practice/', 'blog/']) {
          const response = await fetch(`${url}${path}`)
          expect(response.status, output()).toBe(200)
          expect(await response.text()).toContain('A title edited for one copy of vike')
        }
      },
    })
  }, 120_000)
})
