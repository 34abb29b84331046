import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { refusedCharacterInHtml } from '../../cli/content/posts/controlCharacters.ts'
import { redirectTargetOf } from '../../cli/generator/siteFiles/redirectPage.ts'
import { readPage } from '../../cli/security/policyBreaches.ts'
import { POST_BODY_ATTRIBUTE } from '../../pages/_lib/blog/postBodyAttribute.ts'
import { termSlug } from '../../pages/_lib/blog/taxonomy.ts'
import { cliEnv, copyTool, repoRoot } from '../support/buildSite.ts'
import { nativeCrashReport, withCoreDumps } from '../support/nativeCrash.ts'
import { snapshotFiles as snapshot } from '../support/snapshotFiles.ts'

// The build as a writer and CI meet it: the real CLI in a child process, on a copy of the site's
// posts in a temporary folder. The copy and the config have redirects (one post was renamed, and
// the config moves two paths), so every build compared here writes redirect pages too. The
// temporary folder is the build's working folder, outside the tool root (here in another top-level
// folder, which vike's test of an absolute outDir needs outDirForVike for: viteConfig.ts), and no
// run may change its working folder (forbidChdir.mjs).

interface Run {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  /** The native stack of a run that died of a fault (nativeCrash.ts). */
  crash: string
}

/** Loaded into every run: a build that changes its working folder fails (see the fixture). */
const FORBID_CHDIR = join(repoRoot, 'tests/cli/__fixtures__/forbidChdir.mjs')
/** Loaded into a run whose copies into the cache must end after its pages are written. */
const SLOW_COPIES = join(repoRoot, 'tests/cli/__fixtures__/slowCopies.mjs')

/** Runs the CLI of the checkout, or of a copy of the tool (`tool`, copyTool's) in `cwd`. */
function kubeSite(args: string[], cwd: string, options: { env?: Record<string, string>; onStdout?: (text: string) => void; tool?: string } = {}) {
  const tool = options.tool ?? repoRoot
  const child = spawn(...withCoreDumps(process.execPath, ['--import', pathToFileURL(FORBID_CHDIR).href, join(tool, 'cli/bin.js'), ...args]), { cwd, env: cliEnv(options.env, tool) })
  const run: Run = { code: null, signal: null, stdout: '', stderr: '', crash: '' }
  child.stdout.on('data', (chunk: Buffer) => {
    run.stdout += chunk
    options.onStdout?.(String(chunk))
  })
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk))
  const done = new Promise<Run>((resolve) => child.on('close', (code, signal) => resolve(Object.assign(run, { code, signal, crash: nativeCrashReport(signal, cwd, child.pid) }))))
  return { child, done }
}


/** What a failed run says of itself: the signal that ended it, if any, and the end of what it printed. */
const why = (run: Run) => `signal ${run.signal}; stderr: ${run.stderr.slice(-2000)}; stdout: ${run.stdout.slice(-1000)}${run.crash}`

let site: string
let baseline: Record<string, string>
/** How many pages the first build rendered, as it said. */
const config = join(repoRoot, 'tests/cli/__fixtures__/redirects.config.ts')
const RENAMED = 'pod-security-admission-in-practice.md'
/** Where the renamed post was, on line 10 of its frontmatter: one old URL as written with its slash, one without. */
const OLD_URLS = 'redirectFrom: [/blog/psa-in-practice/, /blog/2025/pod-security]\n'
const REDIRECT_FILES = {
  'blog/psa-in-practice/index.html': '/blog/pod-security-admission-in-practice/',
  'blog/2025/pod-security/index.html': '/blog/pod-security-admission-in-practice/',
  'docs/index.html': '/pricing/',
  'news/index.html': '/blog/',
}

beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), 'kube-site-build-'))
  // The site in one language: the German locale's build is tests/cli/multilingual.test.ts's.
  cpSync(join(repoRoot, 'posts'), join(site, 'posts'), { recursive: true, filter: (path) => !path.startsWith(join(repoRoot, 'posts', 'de')) })
  const renamed = join(site, 'posts', RENAMED)
  writeFileSync(renamed, readFileSync(renamed, 'utf8').replace(/\n---\n/, `\n${OLD_URLS}---\n`))
  const { done } = kubeSite(['build', '--config', config], site)
  const result = await done
  expect(result.stderr).toBe('')
  expect(result.code, why(result)).toBe(0)
  baseline = snapshot(join(site, 'dist'))
}, 120_000)
afterAll(() => rmSync(site, { recursive: true, force: true }))

/** The files of the default locale's posts in `dir`: a folder beside them (posts/de/) holds another locale's. */
const postFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.md'))

/** The URL segments of the tags and of the authors the posts in `dir` name, each once. */
function tagsAndAuthors(dir: string): { tags: string[]; authors: string[] } {
  const tags = new Set<string>()
  const authors = new Set<string>()
  for (const name of postFiles(dir)) {
    const source = readFileSync(join(dir, name), 'utf8')
    for (const tag of /^tags: \[(.*)\]$/m.exec(source)![1]!.split(',')) tags.add(termSlug(tag))
    authors.add(termSlug(/^author: "(.*)"$/m.exec(source)![1]!))
  }
  return { tags: [...tags], authors: [...authors] }
}

describe('kube-site build', () => {
  it('runs every build where a process.chdir fails the run', () => {
    const tried = spawnSync(process.execPath, ['--import', pathToFileURL(FORBID_CHDIR).href, '-e', 'process.chdir("/")'], { encoding: 'utf8' })
    expect([tried.status, tried.stderr.includes('process.chdir("/") during a build')]).toEqual([1, true])
  })

  it('writes every route of the route table, and only what is uploaded', () => {
    const posts = postFiles(join(site, 'posts')).map((name) => name.replace(/\.md$/, ''))
    // Each tag and each author of the six posts has one page (none has more than the 2 posts a
    // page shows) and each tag a feed.
    const { tags, authors } = tagsAndAuthors(join(site, 'posts'))
    expect([tags.length, authors.length]).toEqual([17, 3])
    const expected = [
      'index.html',
      '404.html',
      'blog/index.html',
      'blog/page/2/index.html',
      'blog/page/3/index.html',
      'blog/tags/index.html',
      'blog/authors/index.html',
      'blog/search/index.html',
      'pricing/index.html',
      'privacy-policy/index.html',
      'terms-of-service/index.html',
      ...posts.map((slug) => `blog/${slug}/index.html`),
      ...tags.map((slug) => `blog/tags/${slug}/index.html`),
      ...authors.map((slug) => `blog/authors/${slug}/index.html`),
      ...Object.keys(REDIRECT_FILES),
    ]
    for (const file of expected) expect(baseline, file).toHaveProperty([file])
    for (const slug of tags) expect(baseline, `blog/tags/${slug}/rss.xml`).toHaveProperty([`blog/tags/${slug}/rss.xml`])
    expect(Object.keys(baseline).filter((file) => file.endsWith('.html')).sort()).toEqual(expected.sort())
    // The search index: one shard (six posts), listed beside the search page.
    expect(baseline['blog/search/shards.json']).toBe('1 shards of 6 posts')
    expect(Object.keys(baseline).filter((file) => file.startsWith('search shard 0: fragment/'))).toHaveLength(6)
    // The blog routes in the browser, and a move in place reads the next page's data from its HTML
    // (pages/_lib/pageFromHtml.ts): no page has a page context file beside it.
    expect(Object.keys(baseline).filter((file) => file.endsWith('.pageContext.json'))).toEqual([])
    expect(Object.keys(baseline).filter((file) => /^(server|client)\/|\.vite\/|manifest|\.map$/.test(file))).toEqual([])
    // Nor the empty folder vite's manifest was in.
    expect(existsSync(join(site, 'dist/.vite'))).toBe(false)
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

  it("every post's page, as written with its body in place, holds nothing its own policy would block, nor a control character", () => {
    // The page's policy was checked before its body went in (insertPostBody.ts): here it is read as written.
    const slugs = postFiles(join(site, 'posts')).map((name) => name.replace(/\.md$/, ''))
    for (const slug of slugs) {
      const html = readFileSync(join(site, 'dist/blog', slug, 'index.html'), 'utf8')
      expect(html, slug).toContain(`${POST_BODY_ATTRIBUTE}=""><`)
      expect(html, slug).not.toContain(`${POST_BODY_ATTRIBUTE}=""></div>`)
      const { breaches, hasPolicy } = readPage(html, { origin: 'https://kubeguard.dev' })
      expect({ hasPolicy, breaches }, slug).toEqual({ hasPolicy: true, breaches: [] })
      expect(refusedCharacterInHtml(html), slug).toBeUndefined()
    }
    expect(slugs.length).toBe(6)
  })

  it('keeps the bundle it made in the cache though the copy there ends after the pages, and the next build reuses it', async () => {
    // A copy of the tool, with caches of its own, has no bundle yet; its copy into the cache takes 8 s more (the fixture).
    const tool = copyTool(mkdtempSync(join(tmpdir(), 'kube-site-slow-copy-tool-')))
    onTestFinished(() => rmSync(tool, { recursive: true, force: true }), 60_000)
    const out = join(site, 'dist-slow-copy')
    onTestFinished(() => rmSync(out, { recursive: true, force: true }))
    const first = await kubeSite(['build', '--config', config, '--out', out, '--profile'], site, { tool, env: { NODE_OPTIONS: `--import ${pathToFileURL(SLOW_COPIES).href}` } }).done
    expect(first.code, why(first)).toBe(0)
    // The write stage waited for it (as long as it took: the rest of the build is of no set length), as it changes the bundle's files (an SVG made safe) and the swap moves them.
    expect(first.stdout).toMatch(/waiting for the bundle's cache copy +[\d.]+ s/)
    const second = await kubeSite(['build', '--config', config, '--out', out], site, { tool }).done
    expect(second.code, why(second)).toBe(0)
    expect(second.stdout).toMatch(/✓ bundle .*unchanged code and config: reused/)
  }, 180_000)

  // With --explain (as text, the incremental table reads its JSON): into a new output, with the
  // bundle the first build cached, every page is rendered, the first 20 named, the rest counted.
  it('prints its phases and a summary, and with --explain what each cache and the plan did', async () => {
    const { done } = kubeSite(['build', '--config', config, '--out', 'dist-phases', '--explain'], site)
    const { stdout, code } = await done
    rmSync(join(site, 'dist-phases'), { recursive: true, force: true })
    expect(code).toBe(0)
    for (const phase of ['config', 'posts', 'bundle', 'prerender', 'write']) expect(stdout).toMatch(new RegExp(`✓ ${phase}\\s+\\d`))
    expect(stdout).toMatch(/\d+ pages, 4 redirects, \d+ files, [\d.]+ (kB|MB); largest JS chunk [\d.]+ kB gzipped \(assets\/.+\.m?js\); built in [\d.]+ s/)
    expect(stdout).not.toMatch(/\u001b\[/) // not a terminal: no colour
    const explanation = stdout.slice(stdout.indexOf(' built in '))
    expect(explanation).toMatch(/^ {2}bundle: hit$/m)
    expect(explanation).toMatch(/^ {2}posts: 6 hit, 0 miss$/m)
    expect(explanation).toMatch(/^ {2}page plan: \d+ rendered \(no previous output\) by vike's server runtime \(in the CLI's thread\)$/m)
    expect(explanation).toMatch(/^ {4}rendered \/ \(no previous output\)$/m)
    expect(explanation.match(/^ {4}rendered \S+ \(no previous output\)$/gm)).toHaveLength(20)
    expect(explanation).toMatch(/^ {4}… and \d+ more rendered \(no previous output\)$/m)
    // Every file written: the markdown twins as their pages, the rest as a new output's.
    expect(explanation).toMatch(/^ {2}file plan: \d+ written \(\d+ its page rendered, \d+ output replaced whole\)$/m)
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
    expect(readFileSync(join(site, 'dist-base/blog/index.html'), 'utf8')).toMatch(/src="\/marketing\/assets\/entries\/entry-client-routing\.[\w-]+\.js"/)
    expect(home).toContain('href="/marketing/blog/"')
    expect(home).not.toMatch(/(href|src)="\/(?!marketing\/)[^/]/)
  }, 120_000)
})

describe('bad input never crashes, leaks or passes silently', () => {
  const valid = '---\ntitle: "T"\nexcerpt: "E"\nauthor: "A"\ndate: 2025-01-05\ntags: [x]\n---\n'
  const posts = () => join(site, 'posts')

  /** Adds entries to posts/ for one test; they are removed after it. */
  function addToPosts(entries: Record<string, string | Buffer | ((path: string) => void)>) {
    for (const [name, content] of Object.entries(entries)) {
      const path = join(posts(), name)
      if (typeof content === 'function') content(path)
      else writeFileSync(path, content)
    }
    onTestFinished(() => {
      for (const name of Object.keys(entries)) rmSync(join(posts(), name), { recursive: true, force: true })
    })
  }

  /** The run failed as every error must: exit 1, no stack trace, dist/ and the folder as they were. */
  function expectCleanFailure({ code, stderr }: Run) {
    expect(code).toBe(1)
    expect(stderr).not.toMatch(/\n\s+at |node:internal|Maximum call stack/)
    expect(snapshot(join(site, 'dist'))).toEqual(baseline)
    expect(readdirSync(site).sort()).toEqual(['dist', 'posts'])
  }

  it('every broken post file is named with its line and a hint, in one run, from the post threads too', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'kube-site-outside-'))
    onTestFinished(() => rmSync(outside, { recursive: true, force: true }))
    writeFileSync(join(outside, 'secret.md'), valid + 'A secret of the machine that builds.\n')
    addToPosts({
      'latin1.md': Buffer.from(`${valid}Caf\xe9 au lait\n`, 'latin1'),
      'utf16.md': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(valid, 'utf16le')]),
      'empty.md': '',
      'folder.md': (path) => mkdirSync(path),
      'leak.md': (path) => symlinkSync(join(outside, 'secret.md'), path),
      'dangling.md': (path) => symlinkSync('nowhere.md', path),
      'pipe.md': (path) => execFileSync('mkfifo', [path]),
      'deep.md': `${valid}Intro\n\n${'> '.repeat(5000)}deep\n`,
      'emphasis.md': `${valid}${'*a _'.repeat(2000)}x${'_ a*'.repeat(2000)}\n`,
      'long-line.md': `${valid}${'x'.repeat(30_000)}\n`,
      'huge.md': valid + 'word '.repeat(7_000_000),
      'code.md': '---js\n{ title: require("fs").writeFileSync("pwned", "") || "T" }\n---\n',
      '日本語.md': `${valid}Body\n`,
      'long-tag.md': valid.replace('tags: [x]', `tags: [x, ${'security '.repeat(60)}]`),
      'bad-paste.md': `${valid}Intro.\n\n![A shot](data:image/png;base64,iVBORw0KGgo%%not-base64)\n`,
    })
    for (const threads of ['1', '2']) {
      const run = await kubeSite(['build', '--config', config], site, { env: { KUBE_SITE_THREADS: threads } }).done
      expectCleanFailure(run)
      const expected = [
        'posts/latin1.md:8:4 is not valid UTF-8: byte 0xE9 at line 8',
        'posts/utf16.md:1:1 is saved as UTF-16: posts must be UTF-8',
        'posts/empty.md is empty',
        'posts/folder.md is a folder, not a post file',
        `posts/leak.md is a symbolic link to ${realpathSync(join(outside, 'secret.md'))}, outside the posts folder: it is not published`,
        'posts/dangling.md is a symbolic link to a file that does not exist',
        'posts/pipe.md is a named pipe, not a post file',
        'posts/deep.md:10:1 blocks are nested more than 32 levels deep',
        'posts/emphasis.md:8:1 inline markup is nested more than 32 levels deep',
        'posts/long-line.md:8:1 this line is 30000 characters long, more than the 20000 a line may have',
        'posts/huge.md is 33.4 MiB: larger than the 32 MiB a post may be',
        'posts/code.md:1:4 its frontmatter is marked "js": only YAML frontmatter is read',
        'posts/日本語.md:7:1 its file name gives no URL',
        `posts/long-tag.md:6:7 tags[1] "${'security '.repeat(5).slice(0, 40)}…" is too long: its page's URL segment would be 539 characters, over 100`,
        'posts/bad-paste.md:10:11 the image pasted here (a data:image/png URL) is not valid base64',
      ]
      for (const line of expected) expect(run.stderr, `${line} (threads: ${threads})`).toContain(line)
      expect(run.stderr).toContain('error 15 posts have problems')
      // Each problem has its hint.
      expect(run.stderr.match(/^ {4}hint: /gm)).toHaveLength(expected.length)
      expect(run.stderr).not.toContain('A secret of the machine')
      expect(existsSync(join(site, 'pwned'))).toBe(false)
    }
  }, 180_000)

  it('a body past the renderer\'s limits, found while pages are being written, fails the build with its post named, and nothing else', async () => {
    // Every post reads and checks: the pages render while the bodies do, and meet these.
    // A post worker renders the bodies beside the pages in one thread (a large site's default);
    // in the CLI's thread they are rendered first; with two rendering threads, all are awaited.
    addToPosts({
      'deep.md': `${valid}Intro\n\n${'> '.repeat(5000)}deep\n`,
      'long-line.md': `${valid.replace('date: 2025-01-05', 'date: 2030-01-05\ndraft: true')}${'x'.repeat(30_000)}\n`,
    })
    for (const env of [{ KUBE_SITE_POST_WORKERS: '1' }, { KUBE_SITE_THREADS: '1' }, { KUBE_SITE_THREADS: '2' }] as Record<string, string>[]) {
      const threads = JSON.stringify(env)
      const run = await kubeSite(['build', '--config', config], site, { env }).done
      expectCleanFailure(run)
      // A draft is not published, but its problem is reported all the same.
      for (const line of ['posts/deep.md:10:1 blocks are nested more than 32 levels deep', 'posts/long-line.md:9:1 this line is 30000 characters long']) {
        expect(run.stderr, `${line} (threads: ${threads})`).toContain(line)
      }
      expect(run.stderr).toContain('error 2 posts have problems')
      expect(run.stderr).not.toMatch(/A rendering thread|could not be rendered|BUILD_FAILED|The build failed/)
    }
  }, 180_000)

  it('a post saved with a UTF-8 byte-order mark builds exactly as without it', async () => {
    const file = join(posts(), 'pod-security-admission-in-practice.md')
    const original = readFileSync(file)
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), original]))
    onTestFinished(() => writeFileSync(file, original))
    const { code, stderr } = await kubeSite(['build', '--config', config, '--quiet', '--out', 'dist-bom'], site).done
    onTestFinished(() => rmSync(join(site, 'dist-bom'), { recursive: true, force: true }))
    expect([code, stderr]).toEqual([0, ''])
    expect(snapshot(join(site, 'dist-bom'))).toEqual(baseline)
  }, 180_000)

  it("a page or stylesheet vite cannot bundle: its file:line:column, a frame and a hint, from the bundle's thread; a page that throws, by its URL and line", async () => {
    // A copy of the tool with broken code: in a page, and in a partial every style module uses (an
    // unresolved import, which rolldown places in the module as transformed: bundleError.test.ts).
    const tool = copyTool(mkdtempSync(join(tmpdir(), 'kube-site-broken-tool-')))
    onTestFinished(() => rmSync(tool, { recursive: true, force: true }), 60_000)
    const page = join(tool, 'pages/index/+Page.tsx')
    const partial = join(tool, 'styles/_index.scss')
    const source = { page: readFileSync(page, 'utf8'), partial: readFileSync(partial, 'utf8') }
    const lineOf = (text: string, line: string) => text.split('\n').indexOf(line) + 1
    const inPage = source.page.replace('export default function Page() {\n', 'export default function Page() {\n  const broken = = 1\n')
    const cases = [
      { file: page, text: inPage, shown: `${join(tool, 'pages/index/+Page.tsx')}:${lineOf(inPage, '  const broken = = 1')}:18 The bundle could not be made: Unexpected token`, frame: '|   const broken = = 1' },
      { file: partial, text: `${source.partial}.broken { color: $undefined-colour; }\n`, shown: `${join(tool, 'styles/_index.scss')}:${source.partial.split('\n').length}:18 The bundle could not be made: Undefined variable.`, frame: '| .broken { color: $undefined-colour; }' },
    ]
    for (const { file, text, shown, frame } of cases) {
      writeFileSync(file, text)
      const run = await kubeSite(['build', '--config', config], site, { tool }).done
      writeFileSync(file, file === page ? source.page : source.partial)
      expectCleanFailure(run)
      const relativeShown = shown.replace(`${tool}/`, `${relative(site, tool)}/`)
      expect(run.stderr, why(run)).toContain(`error ${relativeShown}`)
      expect(run.stderr).toContain(frame)
      expect(run.stderr).toMatch(/hint: pages\/ and styles\/ are bundled by vite/)
      // Said once (the partial fails every style module), and not by vike's handlers of uncaught errors.
      expect(run.stderr.split('The bundle could not be made')).toHaveLength(2)
      expect(run.stderr).not.toMatch(/thread stopped|Build failed with/)
    }
    // A page that throws while it renders, in a rendering thread: named by its URL and its line (vike prints the error's stack).
    const pricing = join(tool, 'pages/pricing/+Page.tsx')
    const throwing = readFileSync(pricing, 'utf8').replace('export default function Page() {\n', "export default function Page() {\n  throw new Error('The plans are missing')\n")
    writeFileSync(pricing, throwing)
    const run = await kubeSite(['build', '--config', config], site, { tool, env: { KUBE_SITE_THREADS: '2' } }).done
    expect(run.code, why(run)).toBe(1)
    expect(snapshot(join(site, 'dist'))).toEqual(baseline)
    expect(readdirSync(site).sort()).toEqual(['dist', 'posts'])
    const line = lineOf(throwing, "  throw new Error('The plans are missing')")
    expect(run.stderr).toContain(`error ${relative(site, pricing)}:${line}:9 The page /pricing/ could not be rendered: The plans are missing\n`)
    expect(run.stderr).toContain(`  > ${line} |   throw new Error('The plans are missing')`)
    expect(run.stderr).toContain('  hint: The error is in pages/')
    expect(run.stderr).not.toMatch(/thread stopped|thread failed/)
  }, 240_000)

  it('a config with a syntax error or a mistyped key: file:line:column, a frame, a hint', async () => {
    const source = readFileSync(join(repoRoot, 'site.config.ts'), 'utf8').replace(/from '\.\/cli\//g, `from '${join(repoRoot, 'cli')}/`)
    const cases = [
      { text: source.replace("email: '", "emial: '"), expected: /site\.config\.ts:\d+:5 contact\.emial: unknown key \(did you mean email\?\)\n\s+\d+ \|/ },
      { text: source.replace('export default defineSiteConfig({', 'export default defineSiteConfig({{'), expected: /site\.config\.ts:\d+:\d+ syntax error: .+\n\s+\d+ \|/ },
    ]
    for (const { text, expected } of cases) {
      writeFileSync(join(site, 'site.config.ts'), text)
      onTestFinished(() => rmSync(join(site, 'site.config.ts'), { force: true }))
      const run = await kubeSite(['build'], site).done
      rmSync(join(site, 'site.config.ts'))
      expectCleanFailure(run)
      expect(run.stderr).toMatch(expected)
      expect(run.stderr).toMatch(/hint: /)
    }
  }, 180_000)
})

describe('redirects', () => {
  it('writes a redirect page at each old URL, leaves them out of the sitemap, and check follows them', async () => {
    const dist = join(site, 'dist')
    const targets = Object.fromEntries(Object.keys(REDIRECT_FILES).map((file) => [file, redirectTargetOf(readFileSync(join(dist, file), 'utf8'))]))
    expect(targets).toEqual(REDIRECT_FILES)
    const sitemap = readFileSync(join(dist, 'sitemap.xml'), 'utf8')
    expect(sitemap).toContain('/blog/pod-security-admission-in-practice/</loc>')
    expect(sitemap).not.toMatch(/psa-in-practice|pod-security<|\/docs\/|\/news\//)
    const check = await kubeSite(['check', '--config', config, '--json'], site).done
    expect(JSON.parse(check.stdout)).toMatchObject({ ok: true, errors: 0, warnings: 0, findings: [] })
  }, 120_000)

  it('old URLs claimed twice, or that are pages, and a chain in the config: every one named in one run, dist/ untouched', async () => {
    writeFileSync(join(site, 'posts', 'claims.md'), '---\ntitle: "T"\nexcerpt: "E"\nauthor: "A"\ndate: 2025-01-05\ntags: [x]\nredirectFrom: [/blog/psa-in-practice/, /pricing]\n---\nBody\n')
    writeFileSync(join(site, 'site.config.ts'), `import config from ${JSON.stringify(config)}\nexport default {\n  ...config,\n  redirects: {\n    '/old-pricing/': '/blog/psa-in-practice/',\n  },\n}\n`)
    onTestFinished(() => rmSync(join(site, 'posts', 'claims.md'), { force: true }))
    onTestFinished(() => rmSync(join(site, 'site.config.ts'), { force: true }))
    const { code, stderr } = await kubeSite(['build'], site).done
    rmSync(join(site, 'site.config.ts'))
    expect(code).toBe(1)
    expect(stderr).not.toMatch(/\n\s+at /)
    expect(snapshot(join(site, 'dist'))).toEqual(baseline)
    expect(readdirSync(site).sort()).toEqual(['dist', 'posts'])
    expect(stderr).toContain('error 2 posts and site.config.ts have problems')
    // Posts are taken in file order: the first to claim an old URL keeps it, the other is named.
    const lines = stderr.split('\n').filter((line) => line.startsWith('  ✗ '))
    expect(lines).toEqual([
      '  ✗ posts/claims.md:7:15 old URL /pricing/ is a page of the site (the pricing page): a redirect would hide it',
      `  ✗ posts/${RENAMED}:10:15 old URL /blog/psa-in-practice/ is also redirected by posts/claims.md:7:15 (to /blog/claims/)`,
      '  ✗ site.config.ts:5:6 redirect /old-pricing/ → /blog/psa-in-practice/ is a chain: posts/claims.md:7:15 redirects /blog/psa-in-practice/ on to /blog/claims/',
    ])
    expect(stderr).toContain("    > 5 |     '/old-pricing/': '/blog/psa-in-practice/',")
  }, 120_000)
})

describe('rendering threads', () => {
  it('posts and pages split across threads, the site is byte for byte the one a single thread writes', async () => {
    const { done } = kubeSite(['build', '--config', config, '--quiet', '--out', 'dist-threads'], site, { env: { KUBE_SITE_THREADS: '3' } })
    const { code, stderr } = await done
    onTestFinished(() => rmSync(join(site, 'dist-threads'), { recursive: true, force: true }))
    expect([code, stderr]).toEqual([0, ''])
    expect(snapshot(join(site, 'dist-threads'))).toEqual(baseline)
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
    expect(version.stdout.trim()).toBe(`${JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version} (Node ${process.versions.node})`)
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
