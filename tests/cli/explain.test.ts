import { spawn, execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliEnv, repoRoot } from '../support/buildSite.ts'

// `kube-site build --explain` on a copy of the tool root (its pages, styles, public/, configs
// and CLI, its node_modules hard-linked): the copy's files are edited as a writer would, and
// the bundle's cache must see each edit that vite reads, and say which.

let root: string

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'kube-site-explain-'))
  for (const entry of ['cli', 'pages', 'styles', 'public', 'posts', 'package.json', 'package-lock.json', 'tsconfig.json', 'site.config.ts', '.node-version']) {
    // The German locale's posts left out: the counts below are the default locale's posts.
    cpSync(join(repoRoot, entry), join(root, entry), { recursive: true, filter: (path) => !path.includes('__fixtures__') && !/\.test\.tsx?$/.test(path) && !path.startsWith(join(repoRoot, 'posts', 'de')) })
  }
  // Hard links, as the worktrees are made: the copy's own caches go into its own node_modules/.cache.
  mkdirSync(join(root, 'node_modules'))
  const modules = readdirSync(join(repoRoot, 'node_modules')).filter((name) => name !== '.cache')
  execFileSync('cp', ['-al', ...modules.map((name) => join(repoRoot, 'node_modules', name)), join(root, 'node_modules')])
}, 120_000)
afterAll(() => rmSync(root, { recursive: true, force: true }), 120_000)

/** `kube-site build` with `args` in the copy; what it printed on stdout and on stderr. */
async function run(args: string[], env: Record<string, string> = {}): Promise<{ stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [join(root, 'cli/bin.js'), 'build', ...args], { cwd: root, env: cliEnv(env) })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  expect(code, `stderr: ${stderr.slice(-2000)}; stdout: ${stdout.slice(-1000)}`).toBe(0)
  return { stdout, stderr }
}

/** `kube-site build --explain` in the copy; what it printed. */
const build = async (env: Record<string, string> = {}) => (await run(['--explain'], env)).stdout

/** Whether the build bundled again (the bundle phase says so when it took the bundle from the cache). */
const bundled = (stdout: string) => !stdout.includes('unchanged code and config: reused')
const posts = () => readdirSync(join(root, 'posts')).filter((name) => name.endsWith('.md')).length

describe('kube-site build --explain', () => {
  it('says a first build had no previous one, and a second one took every cache', async () => {
    const first = await build()
    expect(first).toContain('bundle: miss (no previous)')
    expect(bundled(first)).toBe(true)
    const again = await build()
    expect(bundled(again)).toBe(false)
    expect(again).toContain('bundle: hit')
    expect(again).toContain(`posts: ${posts()} hit, 0 miss`)
    expect(again).toMatch(/page plan: \d+ kept \(unchanged\)$/m)
    // Every twin, feed, card and the search's list kept, no file removed: robots.txt alone is made every build.
    expect(again).toMatch(/file plan: \d+ kept \(\d+ its page kept, \d+ unchanged, \d+ content-named, in the output\), 1 written \(made every build\)$/m)
  }, 600_000)

  it('bundles again when tsconfig.json changes, and says so; the posts stay', async () => {
    const file = join(root, 'tsconfig.json')
    writeFileSync(file, readFileSync(file, 'utf8').replace('"strict": true,', '"strict": true,\n    "noUnusedLabels": true,'))
    const stdout = await build()
    expect(bundled(stdout)).toBe(true)
    expect(stdout).toContain('bundle: miss (tsconfig.json changed)')
    expect(stdout).toContain(`posts: ${posts()} hit, 0 miss`)
  }, 600_000)

  it('bundles again for a VITE_ variable in .env, or in the environment, and says so', async () => {
    writeFileSync(join(root, '.env'), 'VITE_PLAN=team\n')
    const fromFile = await build()
    expect(bundled(fromFile)).toBe(true)
    expect(fromFile).toContain('bundle: miss (env changed)')
    // Kept, though vike copies the file's variables into process.env as it bundles.
    const sameFile = await build()
    expect(bundled(sameFile)).toBe(false)
    expect(sameFile).toContain('bundle: hit')
    const fromEnvironment = await build({ VITE_PLAN: 'enterprise' })
    expect(bundled(fromEnvironment)).toBe(true)
    expect(fromEnvironment).toContain('bundle: miss (env changed)')
    // Another bundle: every page rendered, the first 20 named in the plan's order, the rest counted.
    expect(fromEnvironment).toMatch(/page plan: \d+ rendered \(bundle changed\) by /m)
    expect(fromEnvironment).toMatch(/^ {4}rendered \/ \(bundle changed\)$/m)
    expect(fromEnvironment.match(/^ {4}rendered \S+ \(bundle changed\)$/gm)).toHaveLength(20)
    expect(fromEnvironment).toMatch(/^ {4}… and \d+ more rendered \(bundle changed\)$/m)
    // Another variable is none of vite's business.
    const other = await build({ VITE_PLAN: 'enterprise', KUBE_UNRELATED: '1' })
    expect(bundled(other)).toBe(false)
    expect(other).toContain('bundle: hit')
  }, 600_000)

  it("names the post an edit changed, and the pages it gives a new body or renders, and why", async () => {
    // Whatever the last build was (none, or another's bundle), this one settles the output.
    rmSync(join(root, '.env'), { force: true })
    await build()
    const again = await build()
    expect(bundled(again)).toBe(false)
    expect(again).toMatch(/page plan: \d+ kept \(unchanged\)$/m)
    // Every twin, feed, card and the search's list kept, no file removed: robots.txt alone is made every build.
    expect(again).toMatch(/file plan: \d+ kept \(\d+ its page kept, \d+ unchanged, \d+ content-named, in the output\), 1 written \(made every build\)$/m)
    expect(again).toMatch(/^ {4}written robots\.txt \(made every build\)$/m)
    // A post of posts/ (its URL is /blog/ and its file's name), as the writer names it.
    const name = readdirSync(join(root, 'posts')).find((file) => file.endsWith('.md'))!
    const file = join(root, 'posts', name)
    const url = `/blog/${name.replace(/\.md$/, '')}/`
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nA paragraph added by the test.\n`)
    const bodyEdit = await build()
    expect(bodyEdit).toMatch(/page plan: \d+ kept \(unchanged\), 1 body replaced \(body changed\)$/m)
    expect(bodyEdit).toContain(`  posts: ${posts() - 1} hit, 1 miss (content changed)\n    posts/${name}\n`)
    expect(bodyEdit).toContain(`1 body replaced (body changed)\n    body replaced ${url} (body changed)\n  file plan:`)
    expect(bodyEdit).toMatch(new RegExp(`^ {4}written blog/${name.replace(/\.md$/, '')}/index\\.md \\(its page's body replaced\\)$`, 'm'))
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: "A title edited by the test"'))
    const titleEdit = await build()
    expect(titleEdit).toMatch(/page plan: \d+ kept \(unchanged\), \d+ rendered \(data changed\) by vike's server runtime \(200 pages or fewer\)$/m)
    // Its page and its tags' pages show the title: each named.
    expect(titleEdit).toContain(`    rendered ${url} (data changed)\n`)
    const tag = /^tags: \[([^,\]]+)/m.exec(readFileSync(file, 'utf8'))![1]!.trim()
    expect(titleEdit).toContain(`    rendered /blog/tags/${tag}/ (data changed)\n`)
  }, 600_000)

  it('prints, with --explain=json, one JSON document alone on stdout: every cache, page and file, with its action and why', async () => {
    await build()
    const name = readdirSync(join(root, 'posts')).find((file) => file.endsWith('.md'))!
    const file = join(root, 'posts', name)
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nAnother paragraph added by the test.\n`)
    const { stdout, stderr } = await run(['--explain=json'])
    // The build's own lines went to stderr.
    expect(stderr).toMatch(/✓ write/)
    const explanation = JSON.parse(stdout) as {
      caches: { cache: string; hits: number; misses: number; reason?: string; missed?: string[] }[]
      pages: { renderWith: { way: string }; pages: { url: string; action: string; reason: string }[] }
      files: { replacedWhole: boolean; files: { file: string; action: string; reason: string }[] }
    }
    expect(explanation.caches.find(({ cache }) => cache === 'posts')).toEqual({ cache: 'posts', hits: posts() - 1, misses: 1, reason: 'content changed', missed: [`posts/${name}`] })
    const pages = explanation.pages.pages
    expect(pages.find((page) => page.url === `/blog/${name.replace(/\.md$/, '')}/`)).toEqual({ url: `/blog/${name.replace(/\.md$/, '')}/`, action: 'body replaced', reason: 'body changed' })
    // Every page, the kept ones too.
    expect(pages.find((page) => page.url === '/')).toEqual({ url: '/', action: 'kept', reason: 'unchanged' })
    expect(pages.filter((page) => page.action !== 'kept')).toHaveLength(1)
    expect(explanation.pages.renderWith.way).toBe('none')
    expect(explanation.files.replacedWhole).toBe(false)
    expect(explanation.files.files).toContainEqual({ file: 'robots.txt', action: 'written', reason: 'made every build' })
  }, 600_000)
})
