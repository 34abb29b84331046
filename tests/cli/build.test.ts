import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { cliEnv, repoRoot } from '../support/buildSite.ts'

// The build as a writer and CI meet it: the real CLI in a child process, on a copy of the site's
// posts in a temporary folder.

interface Run {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

function kubeSite(args: string[], cwd: string, options: { env?: Record<string, string>; onStdout?: (text: string) => void } = {}) {
  const child = spawn(process.execPath, [join(repoRoot, 'cli/bin.js'), ...args], { cwd, env: cliEnv(options.env) })
  const run: Run = { code: null, signal: null, stdout: '', stderr: '' }
  child.stdout.on('data', (chunk: Buffer) => {
    run.stdout += chunk
    options.onStdout?.(String(chunk))
  })
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk))
  const done = new Promise<Run>((resolve) => child.on('close', (code, signal) => resolve(Object.assign(run, { code, signal }))))
  return { child, done }
}

/** Every file of a folder with the hash of its bytes. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {}
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name)
      if (entry.isDirectory()) walk(full)
      else files[relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex')
    }
  }
  walk(dir)
  return files
}

let site: string
let baseline: Record<string, string>
const config = join(repoRoot, 'site.config.ts')

beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), 'kube-site-build-'))
  cpSync(join(repoRoot, 'posts'), join(site, 'posts'), { recursive: true })
  const { done } = kubeSite(['build', '--config', config], site)
  const result = await done
  expect(result.stderr).toBe('')
  expect(result.code).toBe(0)
  baseline = snapshot(join(site, 'dist'))
}, 120_000)
afterAll(() => rmSync(site, { recursive: true, force: true }))

describe('kube-site build', () => {
  it('writes every route of the route table, and only what is uploaded', () => {
    const posts = readdirSync(join(site, 'posts')).map((name) => name.replace(/\.md$/, ''))
    const expected = [
      'index.html',
      '404.html',
      'blog/index.html',
      'blog/page/2/index.html',
      'blog/page/3/index.html',
      'pricing/index.html',
      'privacy-policy/index.html',
      'terms-of-service/index.html',
      ...posts.map((slug) => `blog/${slug}/index.html`),
    ]
    for (const file of expected) expect(baseline, file).toHaveProperty([file])
    // The blog routes in the browser; the other pages are HTML-only and have no page context.
    for (const file of expected.filter((f) => f !== '404.html')) {
      const json = file.replace('index.html', 'index.pageContext.json')
      if (file.startsWith('blog/')) expect(baseline, `client navigation data for ${file}`).toHaveProperty([json])
      else expect(baseline, `no client navigation data for ${file}`).not.toHaveProperty([json])
    }
    expect(Object.keys(baseline).filter((file) => /^(server|client)\/|\.vite\/|manifest|\.map$/.test(file))).toEqual([])
    expect(readdirSync(site).sort()).toEqual(['dist', 'posts'])
  })

  it('renders real headings and real data into the HTML', () => {
    const blog = readFileSync(join(site, 'dist/blog/index.html'), 'utf8')
    expect(blog).toContain('<h1')
    expect(blog).toContain('Pod Security Admission in practice')
    const pricing = readFileSync(join(site, 'dist/pricing/index.html'), 'utf8')
    expect(pricing).toContain('Choose Your Security Plan')
    expect(pricing).toContain('$300')
  })

  it('prints its phases and a summary', async () => {
    const { done } = kubeSite(['build', '--config', config, '--out', 'dist-phases'], site)
    const { stdout, code } = await done
    rmSync(join(site, 'dist-phases'), { recursive: true, force: true })
    expect(code).toBe(0)
    for (const phase of ['config', 'posts', 'bundle', 'prerender', 'write']) expect(stdout).toMatch(new RegExp(`✓ ${phase}\\s+\\d`))
    expect(stdout).toMatch(/\d+ pages, \d+ files, [\d.]+ (kB|MB); largest JS chunk [\d.]+ kB gzipped \(assets\/.+\.m?js\); built in [\d.]+ s/)
    expect(stdout).not.toMatch(/\u001b\[/) // not a terminal: no colour
  }, 120_000)

  it('a post with an impossible date fails with file:line, exit 1, and dist/ is left byte for byte', async () => {
    const bad = join(site, 'posts', 'bad-date.md')
    writeFileSync(bad, '---\ntitle: "Bad"\nexcerpt: "E"\nauthor: "A"\ndate: 2025-13-45\ntags: [x]\n---\nBody\n')
    try {
      // Posts are loaded in two worker threads: the problem crosses threads with its location.
      const { done } = kubeSite(['build', '--config', config], site, { env: { KUBE_SITE_THREADS: '2' } })
      const { code, stderr, stdout } = await done
      expect(code).toBe(1)
      expect(stderr).toContain('posts/bad-date.md:5:7 date "2025-13-45" is not a valid date (use YYYY-MM-DD)')
      expect(stderr).toContain('5 | date: 2025-13-45') // the code frame came along too
      expect(stderr).not.toMatch(/\n\s+at /) // no stack trace without --debug
      // The bundle is made alongside the posts; no page is rendered once a post is broken.
      expect(stdout).not.toContain('prerender')
      expect(snapshot(join(site, 'dist'))).toEqual(baseline)
      expect(readdirSync(site).sort()).toEqual(['dist', 'posts'])
    } finally {
      rmSync(bad)
    }
  }, 120_000)

  it('an interrupted build (Ctrl-C) leaves dist/ byte for byte and nothing behind', async () => {
    const before = statSync(join(site, 'dist')).ino
    const { child, done } = kubeSite(['build', '--config', config], site, {
      onStdout: (text) => {
        if (text.includes('bundle')) child.kill('SIGINT') // the bundle is done: interrupt the prerender
      },
    })
    const { code, stderr } = await done
    expect(code).toBe(130)
    expect(stderr).toContain('Build interrupted (SIGINT); dist/ was left as it was.')
    expect(statSync(join(site, 'dist')).ino).toBe(before)
    expect(snapshot(join(site, 'dist'))).toEqual(baseline)
    expect(readdirSync(site).sort()).toEqual(['dist', 'posts'])
  }, 120_000)

  it('--quiet prints nothing on success, and --base prefixes every URL', async () => {
    const { done } = kubeSite(['build', '--config', config, '--quiet', '--base', '/marketing', '--out', 'dist-base'], site)
    const { code, stdout, stderr } = await done
    expect([code, stdout, stderr]).toEqual([0, '', ''])
    onTestFinished(() => rmSync(join(site, 'dist-base'), { recursive: true, force: true }))
    const home = readFileSync(join(site, 'dist-base/index.html'), 'utf8')
    expect(home).toMatch(/src="\/marketing\/assets\/entries\/pages_index_client\.[\w-]+\.js"/)
    expect(home).toContain('href="/marketing/blog/"')
    expect(home).not.toMatch(/(href|src)="\/(?!marketing\/)[^/]/)
    expect(existsSync(join(site, 'dist-base/blog/index.pageContext.json'))).toBe(true)
  }, 120_000)
})

// The HTML-only pages (home, pricing, the two legal pages, 404) are rendered at every build: each
// links a stylesheet its render writes (cli/build/pagePlan.ts).
const HTML_ONLY_PAGES = 5

describe('build caches', () => {
  it('a rebuild reuses the bundle and the rendered posts, and an uncached build writes the same bytes', async () => {
    const again = await kubeSite(['build', '--config', config], site).done
    expect(again.code).toBe(0)
    expect(again.stdout).toMatch(/✓ posts .*\((\d+) unchanged, from cache\)/)
    expect(again.stdout).toMatch(/✓ bundle .*unchanged code and config: reused/)
    expect(again.stdout).toMatch(new RegExp(`✓ prerender .* ${HTML_ONLY_PAGES} pages rendered .*, \\d+ unchanged reused`))
    expect(snapshot(join(site, 'dist'))).toEqual(baseline)

    const uncached = await kubeSite(['build', '--config', config, '--no-cache', '--out', 'dist-uncached'], site).done
    onTestFinished(() => rmSync(join(site, 'dist-uncached'), { recursive: true, force: true }))
    expect(uncached.code).toBe(0)
    expect(uncached.stdout).not.toMatch(/from cache|reused/)
    expect(snapshot(join(site, 'dist-uncached'))).toEqual(baseline)
  }, 180_000)

  it('an edited post: only its page and its list page render again; reverting restores the site byte for byte', async () => {
    const file = join(site, 'posts', 'least-privilege-network-policies-from-real-traffic.md')
    const original = readFileSync(file, 'utf8')
    const count = readdirSync(join(site, 'posts')).length
    try {
      writeFileSync(file, original.replace(/^title: .*$/m, 'title: "Retitled for the cache test"'))
      const edited = await kubeSite(['build', '--config', config], site).done
      expect(edited.code).toBe(0)
      expect(edited.stdout).toContain(`(${count - 1} unchanged, from cache)`)
      expect(edited.stdout).toMatch(new RegExp(`✓ prerender .* ${HTML_ONLY_PAGES + 2} pages rendered \\(\\d+ pages/s\\), \\d+ unchanged reused`))
      expect(readFileSync(join(site, 'dist/blog/least-privilege-network-policies-from-real-traffic/index.html'), 'utf8')).toContain('Retitled for the cache test')
      const list = readdirSync(join(site, 'dist/blog/page')).map((page) => readFileSync(join(site, 'dist/blog/page', page, 'index.html'), 'utf8'))
      expect([readFileSync(join(site, 'dist/blog/index.html'), 'utf8'), ...list].some((html) => html.includes('Retitled for the cache test'))).toBe(true)
    } finally {
      writeFileSync(file, original)
    }
    const reverted = await kubeSite(['build', '--config', config], site).done
    expect(reverted.code).toBe(0)
    // The others were written back to the cache beside the edited post, which replaced the original.
    expect(reverted.stdout).toContain(`(${count - 1} unchanged, from cache)`)
    expect(snapshot(join(site, 'dist'))).toEqual(baseline)
  }, 180_000)

  it('an output edited by hand is never trusted: its page is rendered again', async () => {
    const page = join(site, 'dist/blog/least-privilege-network-policies-from-real-traffic/index.html')
    writeFileSync(page, readFileSync(page, 'utf8').replace('</h1>', 'Tampered</h1>'))
    const { code, stdout } = await kubeSite(['build', '--config', config], site).done
    expect(code).toBe(0)
    expect(stdout).toMatch(new RegExp(`✓ prerender .* ${HTML_ONLY_PAGES + 1} pages rendered`))
    expect(snapshot(join(site, 'dist'))).toEqual(baseline)
  }, 180_000)
})

describe('prerender threads', () => {
  it('posts and pages split across threads, the site is byte for byte the one a single thread writes', async () => {
    const { done } = kubeSite(['build', '--config', config, '--quiet', '--out', 'dist-threads'], site, { env: { KUBE_SITE_THREADS: '3' } })
    const { code, stderr } = await done
    onTestFinished(() => rmSync(join(site, 'dist-threads'), { recursive: true, force: true }))
    expect([code, stderr]).toEqual([0, ''])
    expect(snapshot(join(site, 'dist-threads'))).toEqual(baseline)
  }, 180_000)

  it('in more shares than threads (each waits for a free thread), the site is byte for byte the same', async () => {
    const env = { KUBE_SITE_THREADS: '2', KUBE_SITE_SHARE_PAGES: '8' }
    const { done } = kubeSite(['build', '--config', config, '--quiet', '--out', 'dist-shares'], site, { env })
    const { code, stderr } = await done
    onTestFinished(() => rmSync(join(site, 'dist-shares'), { recursive: true, force: true }))
    expect([code, stderr]).toEqual([0, ''])
    expect(snapshot(join(site, 'dist-shares'))).toEqual(baseline)
  }, 180_000)
})

describe('kube-site', () => {
  it('every command has help with its defaults and an example', async () => {
    const help = await kubeSite(['--help'], site).done
    const commands = ['new', 'dev', 'build', 'check', 'preview', 'deploy', 'legal']
    for (const command of commands) expect(help.stdout).toMatch(new RegExp(`^  ${command} `, 'm'))
    for (const command of commands) {
      const { stdout, code } = await kubeSite([command, '--help'], site).done
      expect(code, command).toBe(0)
      expect(stdout, command).toMatch(/Examples?:\n\s+\$ kube-site /)
    }
    const build = await kubeSite(['build', '--help'], site).done
    expect(build.stdout).toContain('(default: "dist")')
  })

  it('prints its version and help, and suggests the nearest command', async () => {
    const version = await kubeSite(['--version'], site).done
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version)
    const help = await kubeSite(['build', '--help'], site).done
    for (const flag of ['--out <dir>', '--posts <dir>', '--config <file>', '--base <path>', '--drafts', '--quiet']) expect(help.stdout).toContain(flag)
    const typo = await kubeSite(['biuld'], site).done
    expect(typo.code).toBe(1)
    expect(typo.stderr).toContain('(Did you mean build?)')
    const option = await kubeSite(['build', '--outt', 'x'], site).done
    expect(option.code).toBe(1)
    expect(option.stderr).toContain("unknown option '--outt'\n(Did you mean --out?)")
  })
})
