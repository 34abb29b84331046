import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Parser } from 'htmlparser2'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { refusedCharacterInHtml } from '../../cli/content/posts/controlCharacters.ts'
import { redirectTargetOf } from '../../cli/generator/siteFiles/redirectPage.ts'
import { readPage } from '../../cli/security/policyBreaches.ts'
import { POST_BODY_ATTRIBUTE } from '../../pages/_lib/blog/postBodyAttribute.ts'
import { termSlug } from '../../pages/_lib/blog/taxonomy.ts'
import { cliEnv, repoRoot } from '../support/buildSite.ts'
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

function kubeSite(args: string[], cwd: string, options: { env?: Record<string, string>; onStdout?: (text: string) => void } = {}) {
  const child = spawn(...withCoreDumps(process.execPath, ['--import', pathToFileURL(FORBID_CHDIR).href, join(repoRoot, 'cli/bin.js'), ...args]), { cwd, env: cliEnv(options.env) })
  const run: Run = { code: null, signal: null, stdout: '', stderr: '', crash: '' }
  child.stdout.on('data', (chunk: Buffer) => {
    run.stdout += chunk
    options.onStdout?.(String(chunk))
  })
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk))
  const done = new Promise<Run>((resolve) => child.on('close', (code, signal) => resolve(Object.assign(run, { code, signal, crash: nativeCrashReport(signal, cwd, child.pid) }))))
  return { child, done }
}

/** The pages a build says it rendered. */
const renderedPages = (stdout: string) => /(\d+) pages rendered/.exec(stdout)?.[1]

/** What a failed run says of itself: the signal that ended it, if any, and the end of what it printed. */
const why = (run: Run) => `signal ${run.signal}; stderr: ${run.stderr.slice(-2000)}; stdout: ${run.stdout.slice(-1000)}${run.crash}`

let site: string
let baseline: Record<string, string>
/** How many pages the first build rendered, as it said. */
let baselinePages: string | undefined
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
  baselinePages = renderedPages(result.stdout)
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

  it('prints its phases and a summary', async () => {
    const { done } = kubeSite(['build', '--config', config, '--out', 'dist-phases'], site)
    const { stdout, code } = await done
    rmSync(join(site, 'dist-phases'), { recursive: true, force: true })
    expect(code).toBe(0)
    for (const phase of ['config', 'posts', 'bundle', 'prerender', 'write']) expect(stdout).toMatch(new RegExp(`✓ ${phase}\\s+\\d`))
    expect(stdout).toMatch(/\d+ pages, 4 redirects, \d+ files, [\d.]+ (kB|MB); largest JS chunk [\d.]+ kB gzipped \(assets\/.+\.m?js\); built in [\d.]+ s/)
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
    // Every post reads and checks: the prerender starts while the bodies render, and meets these.
    // A post worker renders the bodies beside a prerender in one thread (a large site's default);
    // in the CLI's thread they are rendered first; with two prerender threads, all are awaited.
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
      expect(run.stderr).not.toMatch(/A prerender|could not be rendered|BUILD_FAILED|The build failed/)
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

describe('build caches', () => {
  it('a rebuild reuses the bundle and the rendered posts, and an uncached build writes the same bytes', async () => {
    const again = await kubeSite(['build', '--config', config], site).done
    expect(again.code, why(again)).toBe(0)
    // The previous dist/ was removed by the build itself, before it exited: nothing is left
    // beside the output, and nothing goes on in the background.
    expect(readdirSync(site).sort()).toEqual(['dist', 'posts'])
    expect(again.stdout).toMatch(/✓ posts .*\((\d+) unchanged, from cache\)/)
    expect(again.stdout).toMatch(/✓ bundle .*unchanged code and config: reused/)
    expect(again.stdout).toMatch(/✓ prerender .* 0 pages rendered .*, \d+ unchanged reused/)
    expect(snapshot(join(site, 'dist'))).toEqual(baseline)

    const uncached = await kubeSite(['build', '--config', config, '--no-cache', '--out', 'dist-uncached'], site).done
    onTestFinished(() => rmSync(join(site, 'dist-uncached'), { recursive: true, force: true }))
    expect(uncached.code, why(uncached)).toBe(0)
    expect(uncached.stdout).not.toMatch(/from cache|reused/)
    expect(snapshot(join(site, 'dist-uncached'))).toEqual(baseline)
  }, 180_000)

  // A post's title shows on its page and on every list of it: the blog's page that holds it, and
  // the first page of each of its tags and of its author (at most 2 posts each, one page). Those
  // render again, and no other page (the indexes show names and counts, not titles).
  it("an edited post: only its page and the list pages that show it (the blog's, its tags', its author's) render again; reverting restores the site byte for byte", async () => {
    const file = join(site, 'posts', 'least-privilege-network-policies-from-real-traffic.md')
    const original = readFileSync(file, 'utf8')
    const count = postFiles(join(site, 'posts')).length
    const lists = ['blog/tags/network-security', 'blog/tags/cilium', 'blog/tags/networkpolicy', 'blog/authors/maya-chen']
    expect([original.match(/^author: .*$/m)?.[0], original.match(/^tags: .*$/m)?.[0]]).toEqual(['author: "Maya Chen"', 'tags: [network-security, cilium, networkpolicy]'])
    // The feeds of the tags the post does not have are left as they are (made from the same posts).
    const otherFeeds = readdirSync(join(site, 'dist/blog/tags'))
      .filter((tag) => !lists.includes(`blog/tags/${tag}`) && existsSync(join(site, 'dist/blog/tags', tag, 'rss.xml')))
      .flatMap((tag) => ['rss.xml', 'atom.xml', 'feed.json'].map((name) => join(site, 'dist/blog/tags', tag, name)))
    expect(otherFeeds.length).toBeGreaterThan(3)
    const writtenAt = (files: string[]) => files.map((feed) => statSync(feed).mtimeMs)
    const before = writtenAt(otherFeeds)
    try {
      writeFileSync(file, original.replace(/^title: .*$/m, 'title: "Retitled for the cache test"'))
      const edited = await kubeSite(['build', '--config', config], site).done
      expect(edited.code, why(edited)).toBe(0)
      expect(edited.stdout).toContain(`(${count - 1} unchanged, from cache)`)
      expect(edited.stdout).toMatch(new RegExp(`✓ prerender .* ${2 + lists.length} pages rendered \\(\\d+ pages\\/s\\), \\d+ unchanged reused`))
      const retitled = (path: string) => readFileSync(join(site, 'dist', path, 'index.html'), 'utf8').includes('Retitled for the cache test')
      expect(retitled('blog/least-privilege-network-policies-from-real-traffic')).toBe(true)
      const blogList = ['blog', ...readdirSync(join(site, 'dist/blog/page')).map((page) => `blog/page/${page}`)]
      expect(blogList.filter(retitled)).toHaveLength(1)
      expect(lists.filter(retitled)).toEqual(lists)
      // The tags' feeds carry the title too (written with the site's files, not rendered).
      expect(readFileSync(join(site, 'dist/blog/tags/cilium/rss.xml'), 'utf8')).toContain('Retitled for the cache test')
      expect(readFileSync(join(site, 'dist/blog/feed.json'), 'utf8')).toContain('Retitled for the cache test')
      expect(writtenAt(otherFeeds)).toEqual(before)
    } finally {
      writeFileSync(file, original)
    }
    // A feed changed in dist/ since the build wrote it is made again.
    writeFileSync(otherFeeds[0]!, 'changed by hand')
    const reverted = await kubeSite(['build', '--config', config], site).done
    expect(reverted.code, why(reverted)).toBe(0)
    // The others were written back to the cache beside the edited post, which replaced the original.
    expect(reverted.stdout).toContain(`(${count - 1} unchanged, from cache)`)
    expect(snapshot(join(site, 'dist'))).toEqual(baseline)
  }, 180_000)

  it("an edit to a post's body alone puts the new body into its page as written, and keeps the sitemap and llms.txt as they are (made from every field but bodies)", async () => {
    const file = join(site, 'posts', 'least-privilege-network-policies-from-real-traffic.md')
    const page = join(site, 'dist/blog/least-privilege-network-policies-from-real-traffic/index.html')
    const original = readFileSync(file, 'utf8')
    const [sitemap, llmsTxt] = ['sitemap.xml', 'llms.txt'].map((name) => join(site, 'dist', name)) as [string, string]
    const writtenAt = () => [sitemap, llmsTxt].map((path) => statSync(path).mtimeMs)
    /** The site built with the post as `text`: what the build printed. */
    const builtWith = async (text: string) => {
      writeFileSync(file, text)
      const run = await kubeSite(['build', '--config', config], site).done
      expect(run.code, why(run)).toBe(0)
      return run.stdout
    }
    /** The post's page as a build without caches writes it. */
    const uncachedPage = async () => {
      onTestFinished(() => rmSync(join(site, 'dist-uncached'), { recursive: true, force: true }))
      const run = await kubeSite(['build', '--config', config, '--no-cache', '--out', 'dist-uncached'], site).done
      expect(run.code, why(run)).toBe(0)
      return readFileSync(join(site, 'dist-uncached/blog/least-privilege-network-policies-from-real-traffic/index.html'), 'utf8')
    }
    try {
      const before = writtenAt()
      // A paragraph, then another with characters of several bytes: the page is the last one with the new body.
      for (const added of ['A paragraph added for the cache test.', 'Then one with “quotes”, € and 🚀.']) {
        const stdout = await builtWith(`${readFileSync(file, 'utf8')}\n${added}\n`)
        expect(stdout).toMatch(/✓ prerender .*0 pages rendered.*, 1 with only a new body/)
        expect(readFileSync(page, 'utf8')).toContain(added.slice(0, 15))
        expect(readFileSync(page, 'utf8')).toBe(await uncachedPage())
      }
      expect(writtenAt()).toEqual(before)
      // A title is in the page's data (and a field llms.txt shows): the page is rendered again, llms.txt made again.
      const retitled = await builtWith(original.replace(/^title: .*$/m, 'title: "Retitled for llms.txt"'))
      expect(retitled).not.toMatch(/with only a new body/)
      expect(readFileSync(llmsTxt, 'utf8')).toContain('Retitled for llms.txt')
      expect(readFileSync(page, 'utf8')).toBe(await uncachedPage())
    } finally {
      writeFileSync(file, original)
    }
    const restored = await kubeSite(['build', '--config', config], site).done
    expect(restored.code, why(restored)).toBe(0)
    expect(snapshot(join(site, 'dist'))).toEqual(baseline)
  }, 240_000)

  it('a deleted post leaves dist/ with its folder, a file put there by hand goes too; restoring the post restores the site byte for byte', async () => {
    const file = join(site, 'posts', 'least-privilege-network-policies-from-real-traffic.md')
    const original = readFileSync(file, 'utf8')
    writeFileSync(join(site, 'dist', 'by-hand.txt'), 'not from a build')
    try {
      rmSync(file)
      const deleted = await kubeSite(['build', '--config', config], site).done
      expect(deleted.code, why(deleted)).toBe(0)
      // Updated in place: the pages taken over stay where they are, nothing is left beside dist/.
      expect(deleted.stdout).toMatch(/✓ prerender .*, \d+ unchanged reused/)
      expect(readdirSync(site).sort()).toEqual(['dist', 'posts'])
      expect(existsSync(join(site, 'dist/blog/least-privilege-network-policies-from-real-traffic'))).toBe(false)
      expect(existsSync(join(site, 'dist/by-hand.txt'))).toBe(false)
      expect(readFileSync(join(site, 'dist/sitemap.xml'), 'utf8')).not.toContain('least-privilege-network-policies-from-real-traffic')
      const uncached = await kubeSite(['build', '--config', config, '--no-cache', '--out', 'dist-uncached'], site).done
      onTestFinished(() => rmSync(join(site, 'dist-uncached'), { recursive: true, force: true }))
      expect(uncached.code, why(uncached)).toBe(0)
      expect(snapshot(join(site, 'dist'))).toEqual(snapshot(join(site, 'dist-uncached')))
    } finally {
      writeFileSync(file, original)
    }
    const restored = await kubeSite(['build', '--config', config], site).done
    expect(restored.code, why(restored)).toBe(0)
    expect(snapshot(join(site, 'dist'))).toEqual(baseline)
  }, 240_000)

  /** A few pages rendered by vike's server runtime, under a base too, are byte for byte what the prerender writes, in `site` (whose `dist/` is `baseline`). */
  async function runtimeEqualsPrerender(site: string, config: string, baseline: Record<string, string>) {
    const runtimeBuild = async (out: string, args: string[] = []) => {
      onTestFinished(() => rmSync(join(site, out), { recursive: true, force: true }))
      const { code, stdout, stderr } = await kubeSite(['build', '--config', config, '--profile', '--out', out, ...args], site).done
      expect([code, stderr]).toEqual([0, ''])
      return stdout
    }
    // A new output folder: every page is rendered, with the bundle restored from its cache.
    const fresh = await runtimeBuild('dist-runtime')
    expect(fresh).toMatch(/✓ bundle .*unchanged code and config: reused/)
    expect(fresh).toMatch(/vike server runtime \(loading\)/)
    expect(fresh).not.toMatch(/vike set-up|HTTP request/)
    expect(snapshot(join(site, 'dist-runtime'))).toEqual(baseline)
    // Under a base: an uncached build prerenders; once its bundle is cached, a build renders with the runtime.
    const prerendered = await runtimeBuild('dist-base-prerender', ['--base', '/marketing/', '--no-cache'])
    expect(prerendered).toMatch(/vike set-up/)
    await runtimeBuild('dist-base-cached', ['--base', '/marketing/'])
    const rendered = await runtimeBuild('dist-base-runtime', ['--base', '/marketing/'])
    expect(rendered).toMatch(/vike server runtime \(loading\)/)
    expect(snapshot(join(site, 'dist-base-runtime'))).toEqual(snapshot(join(site, 'dist-base-prerender')))
  }

  it("a few pages to render with the bundle reused go through vike's server runtime, byte for byte what the prerender writes, under a base too", async () => {
    await runtimeEqualsPrerender(site, config, baseline)
  }, 300_000)

  it("the same in English and German: each locale's pages from vike's server runtime are byte for byte the prerender's, under a base too", async () => {
    // The site as it ships (posts/de/ and the config's German locale), with the redirects above.
    const bilingual = mkdtempSync(join(tmpdir(), 'kube-site-build-de-'))
    onTestFinished(() => rmSync(bilingual, { recursive: true, force: true }))
    cpSync(join(site, 'posts'), join(bilingual, 'posts'), { recursive: true })
    cpSync(join(repoRoot, 'posts', 'de'), join(bilingual, 'posts', 'de'), { recursive: true })
    const germanConfig = join(bilingual, 'site.config.ts')
    writeFileSync(germanConfig, `import shipped from ${JSON.stringify(join(repoRoot, 'site.config.ts'))}\nimport site from ${JSON.stringify(config)}\n\nexport default { ...site, locales: shipped.locales }\n`)
    const built = await kubeSite(['build', '--config', germanConfig], bilingual).done
    expect(built.code, why(built)).toBe(0)
    const germanBaseline = snapshot(join(bilingual, 'dist'))
    expect(Object.keys(germanBaseline)).toContain(join('de', 'index.html'))
    await runtimeEqualsPrerender(bilingual, germanConfig, germanBaseline)
  }, 420_000)

  it('an output edited by hand is never trusted: its page is rendered again', async () => {
    const page = join(site, 'dist/blog/least-privilege-network-policies-from-real-traffic/index.html')
    writeFileSync(page, readFileSync(page, 'utf8').replace('</h1>', 'Tampered</h1>'))
    const { code, stdout } = await kubeSite(['build', '--config', config], site).done
    expect(code).toBe(0)
    expect(stdout).toMatch(/✓ prerender .* 1 pages rendered/)
    expect(snapshot(join(site, 'dist'))).toEqual(baseline)
  }, 180_000)
})

// Every page carries its Content-Security-Policy first in its <head>, and the blog's names the host
// of every remote image of every post: a gallery of 400 hosts makes it about 12 KB, and the
// stylesheet links come after it. A rebuild takes the unchanged pages over with the files the
// manifest recorded for them; a stylesheet missing there is removed from dist/ (and by deploy,
// from the bucket) while every page still links it (issue 60, item 4).
describe('a long policy before the stylesheet links', () => {
  const HOSTS = 400
  let gallerySite: string
  beforeAll(() => {
    gallerySite = mkdtempSync(join(tmpdir(), 'kube-site-long-policy-'))
    cpSync(join(repoRoot, 'posts'), join(gallerySite, 'posts'), { recursive: true, filter: (path) => !path.startsWith(join(repoRoot, 'posts', 'de')) })
    const images = Array.from({ length: HOSTS }, (_, n) => `![Picture ${n}](https://img${n}.gallery-host-${n}.example/picture.png)`)
    const frontmatter = '---\ntitle: "A gallery from many hosts"\nexcerpt: "Remote pictures, a host each."\nauthor: "Maya Chen"\ndate: 2025-01-02\nreadTime: "2 min read"\ntags: [gallery]\n---\n'
    writeFileSync(join(gallerySite, 'posts', 'gallery.md'), `${frontmatter}\nPictures from everywhere.\n\n${images.join('\n\n')}\n`)
  })
  afterAll(() => rmSync(gallerySite, { recursive: true, force: true }))

  /** The files of `dir` that a page in it links as a stylesheet (combined or named only) and that are not there. */
  function missingStylesheets(dir: string): string[] {
    const missing = new Set<string>()
    for (const page of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'))) {
      const parser = new Parser({
        onopentag(name, attributes) {
          const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/)
          if (name !== 'link' || !rel.includes('stylesheet') || !attributes.href?.startsWith('/')) return
          const file = decodeURIComponent(new URL(attributes.href, 'https://kubeguard.dev').pathname.slice(1))
          if (!existsSync(join(dir, file))) missing.add(`${file} (linked by ${page})`)
        },
      })
      parser.end(readFileSync(join(dir, page), 'utf8'))
    }
    return [...missing]
  }

  const build = async (args: string[] = []) => {
    const run = await kubeSite(['build', '--config', config, ...args], gallerySite).done
    expect(run.code, why(run)).toBe(0)
    return run.stdout
  }

  it("a rebuild after a body edit, then a title edit, keeps every stylesheet the pages link: dist/ is what a clean build writes", async () => {
    const dist = join(gallerySite, 'dist')
    await build()
    // What the test is about: the blog's pages link their stylesheet past the policy, beyond 8 KB.
    const blog = readFileSync(join(dist, 'blog/index.html'))
    expect(blog.indexOf('<link rel="stylesheet"')).toBeGreaterThan(8192)
    expect(missingStylesheets(dist)).toEqual([])

    const file = join(gallerySite, 'posts', 'least-privilege-network-policies-from-real-traffic.md')
    const original = readFileSync(file, 'utf8')
    writeFileSync(file, `${original}\nA paragraph added for the stylesheet test.\n`)
    expect(await build()).toMatch(/✓ prerender .*, 1 with only a new body/)
    expect(missingStylesheets(dist)).toEqual([])

    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: "Retitled for the stylesheet test"'))
    expect(await build()).toMatch(/✓ prerender .* [1-9]\d* pages rendered .*, \d+ unchanged reused/)
    expect(missingStylesheets(dist)).toEqual([])

    await build(['--no-cache', '--out', 'dist-clean'])
    expect(Object.keys(snapshot(dist)).sort()).toEqual(Object.keys(snapshot(join(gallerySite, 'dist-clean'))).sort())
    expect(snapshot(dist)).toEqual(snapshot(join(gallerySite, 'dist-clean')))
  }, 240_000)
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

  it('a renamed post leaves a redirect where its page was, a redirect taken out goes; byte for byte a clean build, and back', async () => {
    const renamed = join(site, 'posts', RENAMED)
    const moved = join(site, 'posts', 'least-privilege-network-policies-from-real-traffic.md')
    const [renamedSource, movedSource] = [readFileSync(renamed, 'utf8'), readFileSync(moved, 'utf8')]
    try {
      writeFileSync(renamed, renamedSource.replace(OLD_URLS, ''))
      writeFileSync(moved, movedSource.replace(/\n---\n/, '\nslug: least-privilege-network-policies\nredirectFrom: /blog/least-privilege-network-policies-from-real-traffic/\n---\n'))
      const rebuilt = await kubeSite(['build', '--config', config], site).done
      expect([rebuilt.code, rebuilt.stderr]).toEqual([0, ''])
      // Updated in place: the old page's file is now its redirect page.
      expect(rebuilt.stdout).toMatch(/✓ prerender .*, \d+ unchanged reused/)
      expect(rebuilt.stdout).toMatch(/\d+ pages, 3 redirects, /)
      const dist = join(site, 'dist')
      expect(redirectTargetOf(readFileSync(join(dist, 'blog/least-privilege-network-policies-from-real-traffic/index.html'), 'utf8'))).toBe('/blog/least-privilege-network-policies/')
      expect(existsSync(join(dist, 'blog/least-privilege-network-policies/index.html'))).toBe(true)
      expect(existsSync(join(dist, 'blog/psa-in-practice'))).toBe(false)
      expect(existsSync(join(dist, 'blog/2025'))).toBe(false)
      const clean = await kubeSite(['build', '--config', config, '--no-cache', '--out', 'dist-clean'], site).done
      onTestFinished(() => rmSync(join(site, 'dist-clean'), { recursive: true, force: true }))
      expect(clean.code, why(clean)).toBe(0)
      expect(snapshot(dist)).toEqual(snapshot(join(site, 'dist-clean')))
    } finally {
      writeFileSync(renamed, renamedSource)
      writeFileSync(moved, movedSource)
    }
    const restored = await kubeSite(['build', '--config', config], site).done
    expect(restored.code, why(restored)).toBe(0)
    expect(snapshot(join(site, 'dist'))).toEqual(baseline)
  }, 240_000)

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

  it("in shares one after another in the CLI's own thread (fewer page contexts alive at once), the site is byte for byte the same", async () => {
    const env = { KUBE_SITE_THREADS: '1', KUBE_SITE_OWN_SHARE_PAGES: '8' }
    const { done } = kubeSite(['build', '--config', config, '--profile', '--out', 'dist-own-shares'], site, { env })
    const { code, stdout, stderr } = await done
    onTestFinished(() => rmSync(join(site, 'dist-own-shares'), { recursive: true, force: true }))
    expect([code, stderr]).toEqual([0, ''])
    expect(snapshot(join(site, 'dist-own-shares'))).toEqual(baseline)
    // Every page once, no share's not-found page twice: as many as one share renders.
    expect(baselinePages).toMatch(/^[1-9]\d*$/)
    expect(renderedPages(stdout)).toBe(baselinePages)
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
