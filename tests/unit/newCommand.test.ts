import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { today } from '../../cli/content/frontmatter/dates.ts'
import { cliEnv, repoRoot } from '../support/buildSite.ts'

// `kube-site new` as a writer runs it: the real CLI in a child process, in a folder of its own.
const run = promisify(execFile)
const work = mkdtempSync(join(tmpdir(), 'kube-site-new-cli-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

async function kubeSite(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(repoRoot, 'cli/bin.js'), ...args], { cwd: work, env: cliEnv({ NO_COLOR: '1' }) })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

const config = join(repoRoot, 'site.config.ts')

describe('kube-site new', () => {
  it('writes posts/<slug>.md with the config’s default author and prints its path; the build then lists it on /blog/', async () => {
    const created = await kubeSite('new', 'Hello', '--config', config)
    expect(created).toMatchObject({ code: 0, stderr: '' })
    expect(created.stdout).toContain('Created posts/hello.md\n')
    const source = readFileSync(join(work, 'posts', 'hello.md'), 'utf8')
    expect(source).toContain('author: "KubeGuard Team"\n')
    expect(source).toContain(`date: ${today()}\n`)

    const built = await kubeSite('build', '--quiet', '--config', config, '--out', 'dist')
    expect(built.code).toBe(0)
    const list = readFileSync(join(work, 'dist', 'blog', 'index.html'), 'utf8')
    expect(list).toContain('href="/blog/hello/"')
    expect(list).toContain('>Hello</a>')
    expect(readFileSync(join(work, 'dist', 'blog', 'hello', 'index.html'), 'utf8')).toContain('<h1')
    expect(readFileSync(join(work, 'dist', 'blog', 'rss.xml'), 'utf8')).toContain('<link>https://kubeguard.dev/blog/hello/</link>')
  }, 180_000)

  it('takes the author and tags from its options', async () => {
    const created = await kubeSite('new', 'Zero trust, today', '--author', 'Maya Chen', '--tags', 'network-security, cilium')
    expect(created.code).toBe(0)
    const source = readFileSync(join(work, 'posts', 'zero-trust-today.md'), 'utf8')
    expect(source).toContain('author: "Maya Chen"\n')
    expect(source).toContain('tags: ["network-security", "cilium"]\n')
    // Repeated, as `-t a -t b`, the flag keeps every tag, not the last alone.
    expect((await kubeSite('new', 'Drift', '--author', 'Maya Chen', '-t', 'kubernetes', '-t', 'rbac,audit')).code).toBe(0)
    expect(readFileSync(join(work, 'posts', 'drift.md'), 'utf8')).toContain('tags: ["kubernetes", "rbac", "audit"]\n')
  })

  it('writes a post in one locale only to posts/<code>/ with --locale; the build lists it on that blog alone', async () => {
    const created = await kubeSite('new', 'Laufzeiterkennung mit eBPF', '--locale', 'de', '--config', config)
    expect(created).toMatchObject({ code: 0, stderr: '' })
    expect(created.stdout).toContain('Created posts/de/laufzeiterkennung-mit-ebpf.md\n')
    expect(readFileSync(join(work, 'posts', 'de', 'laufzeiterkennung-mit-ebpf.md'), 'utf8')).toContain('title: "Laufzeiterkennung mit eBPF"\n')

    const built = await kubeSite('build', '--quiet', '--config', config, '--out', 'dist')
    expect(built.code).toBe(0)
    expect(readFileSync(join(work, 'dist', 'de', 'blog', 'index.html'), 'utf8')).toContain('href="/de/blog/laufzeiterkennung-mit-ebpf/"')
    expect(readFileSync(join(work, 'dist', 'blog', 'index.html'), 'utf8')).not.toContain('laufzeiterkennung')

    const unknown = await kubeSite('new', 'Bonjour', '--locale', 'fr', '--config', config)
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toBe("error --locale \"fr\": no locale 'fr' in " + relative(work, config) + ' locales\n  hint: The site\'s other locales: de.\n')
  }, 180_000)

  it('refuses to overwrite a post: exit 1, a message naming the file, the file untouched', async () => {
    writeFileSync(join(work, 'posts', 'taken.md'), 'my draft')
    const refused = await kubeSite('new', 'Taken', '--author', 'A')
    expect(refused.code).toBe(1)
    expect(refused.stderr).toBe('error posts/taken.md already exists; it was left as it was\n  hint: Edit that post, or pick another title or --slug.\n')
    expect(readFileSync(join(work, 'posts', 'taken.md'), 'utf8')).toBe('my draft')
  })
})
