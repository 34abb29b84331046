import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliEnv, repoRoot, sharedSite, tmpRoot } from '../support/buildSite.ts'

// `kube-site check` as CI meets it: the real CLI in a child process, from the repository.

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

function kubeSite(args: string[]): Promise<Run> {
  const child = spawn(process.execPath, [join(repoRoot, 'cli/bin.js'), ...args], { cwd: repoRoot, env: cliEnv() })
  const run: Run = { code: null, stdout: '', stderr: '' }
  child.stdout.on('data', (chunk: Buffer) => (run.stdout += chunk))
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk))
  return new Promise((resolve) => child.on('close', (code) => resolve(Object.assign(run, { code }))))
}

const brokenDist = 'cli/check/__fixtures__/dist-broken'
/** The fixture's four problems, as --json reports them. */
const FIXTURE_FINDINGS = [
  { code: 'BROKEN_LINK', page: '/', target: '/pricing/' },
  { code: 'LINK_NEEDS_REDIRECT', page: '/', target: '/about' },
  { code: 'BROKEN_ANCHOR', page: '/about/', target: '/#plans' },
  { code: 'MISSING_IMAGE', page: '/about/', target: '/images/team.png' },
]
const findingLines = (stdout: string) => stdout.split('\n').filter((line) => /^ {2}[✗!] /.test(line))

describe('kube-site check on a build with four problems', () => {
  it('reports exactly those four, grouped by page, and exits 1', async () => {
    const { code, stdout, stderr } = await kubeSite(['check', '--out', brokenDist])
    expect(code).toBe(1)
    expect(findingLines(stdout)).toEqual([
      `  ✗ link to /pricing/ is not in ${brokenDist}/ (object storage answers 404)  BROKEN_LINK`,
      '  ✗ link to /about has no trailing slash: object storage answers it with a redirect to /about/  LINK_NEEDS_REDIRECT',
      '  ✗ link to /#plans names #plans, but / has no element with id="plans"  BROKEN_ANCHOR',
      `  ✗ image /images/team.png is not in ${brokenDist}/ (object storage answers 404)  MISSING_IMAGE`,
    ])
    expect(stdout).toContain('\n/  (2 errors, 0 warnings)\n')
    expect(stdout).toContain('\n/about/  (2 errors, 0 warnings)\n')
    expect(stdout).toMatch(/✓ crawl\s+3 pages of cli\/check\/__fixtures__\/dist-broken\//)
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('4 errors, 0 warnings')
    expect(stdout).not.toMatch(/\u001b\[/) // not a terminal: no colour
    expect(stderr).toBe('error The check found 4 errors, 0 warnings\n  hint: Fix each error listed above; warnings alone do not fail the check.\n')
  })

  it('--json prints one JSON document with exactly those four, and exits 1', async () => {
    const { code, stdout, stderr } = await kubeSite(['check', '--out', brokenDist, '--json'])
    expect(code).toBe(1)
    const report = JSON.parse(stdout)
    expect(report).toMatchObject({ ok: false, errors: 4, warnings: 0, pagesChecked: 3, crawled: true })
    expect(report.findings.map(({ code, page, target }: Record<string, string>) => ({ code, page, target }))).toEqual(FIXTURE_FINDINGS)
    expect(report.findings.every((finding: { severity: string }) => finding.severity === 'error')).toBe(true)
    expect(stderr).toContain('error The check found 4 errors, 0 warnings')
  })

  it('reports config problems and the crawl together; the posts are read once the config is valid', async () => {
    const { code, stdout } = await kubeSite([
      'check',
      '--config',
      'cli/content/config/__fixtures__/configs/bad.config.ts',
      '--posts',
      'cli/content/posts/__fixtures__/posts-broken',
      '--out',
      brokenDist,
      '--json',
    ])
    expect(code).toBe(1)
    const codes: string[] = JSON.parse(stdout).findings.map((finding: { code: string }) => finding.code)
    // The config says which folder of posts/ is which language's (cli/check/validateContent.ts).
    expect(codes).toEqual([...Array(3).fill('CONFIG_INVALID'), ...FIXTURE_FINDINGS.map((finding) => finding.code)])
  })
})

describe('kube-site check without a build', () => {
  it('validates the content, says the crawl was skipped, and exits 0', async () => {
    const { code, stdout, stderr } = await kubeSite(['check', '--out', 'tests/.tmp/never-built'])
    expect([code, stderr]).toEqual([0, ''])
    expect(stdout).toMatch(/✓ config\s+site\.config\.ts/)
    expect(stdout).toMatch(/✓ posts\s+\d+ posts to publish/)
    expect(stdout).toContain('- crawl   skipped: tests/.tmp/never-built/ does not exist (run kube-site build, then check again)')
    const json = await kubeSite(['check', '--out', 'tests/.tmp/never-built', '--json'])
    expect(JSON.parse(json.stdout)).toEqual({ ok: true, errors: 0, warnings: 0, pagesChecked: 0, crawled: false, findings: [], scheduled: [] })
  })

  it('lists its options in --help', async () => {
    const { stdout } = await kubeSite(['check', '--help'])
    for (const flag of ['--out <dir>', '--posts <dir>', '--config <file>', '--base <path>', '--drafts', '--json']) expect(stdout).toContain(flag)
  })
})

describe('kube-site check on posts whose tags and authors read wrong', () => {
  // cli/check/__fixtures__/terms: one tag in two spellings, a tag and an author without a Latin
  // letter or digit, two profiles in the config that no post's author matches.
  const terms = 'cli/check/__fixtures__/terms'
  const args = ['check', '--config', `${terms}/site.config.ts`, '--posts', `${terms}/posts`, '--out', 'tests/.tmp/never-built']

  it('warns of each, at its file and line, with a hint, and exits 0', async () => {
    const { code, stdout, stderr } = await kubeSite(args)
    expect([code, stderr]).toEqual([0, ''])
    expect(findingLines(stdout)).toEqual([
      `  ! tag "Network Security" (the spelling its pages show, from 3 posts) is also written "network-security" in ${terms}/posts/rbac-audit.md:6:7  TAG_SPELLING`,
      `  ! ${terms}/posts/tokyo-meetup.md:6:7 tag "日本" has no Latin letter or digit to make its URL of: it gets no page, and its badge is not a link (also in ${terms}/posts/osaka-meetup.md:6:7)  TAG_WITHOUT_PAGE`,
      `  ! ${terms}/posts/osaka-meetup.md:4:9 author "李伟" has no Latin letter or digit to make their URL of: they get no page, and their byline is not a link  AUTHOR_WITHOUT_PAGE`,
      `  ! ${terms}/site.config.ts:10:6 authors['Maya Chan'] matches no post's author: its role, photo, bio and links show nowhere  UNMATCHED_AUTHOR`,
      `  ! ${terms}/site.config.ts:11:6 authors['Ghost Writer'] matches no post's author: its role, photo, bio and links show nowhere  UNMATCHED_AUTHOR`,
    ])
    expect(stdout).toContain(`\n${terms}/posts/rbac-audit.md  (0 errors, 1 warning)\n`)
    expect(stdout).toContain('    hint: Write it one way in every post: "Network Security", as its page /blog/tags/network-security/ shows it.\n')
    expect(stdout).toContain('    hint: Did you mean "Maya Chen"? ')
    expect(stdout).toMatch(/✓ posts\s+5 posts to publish/)
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('0 errors, 5 warnings')
  })

  it('--json gives them as warnings, and ok', async () => {
    const { code, stdout } = await kubeSite([...args, '--json'])
    expect(code).toBe(0)
    const report = JSON.parse(stdout)
    expect(report).toMatchObject({ ok: true, errors: 0, warnings: 5 })
    expect(report.findings.map(({ severity, code }: Record<string, string>) => `${severity} ${code}`)).toEqual([
      'warning TAG_SPELLING',
      'warning TAG_WITHOUT_PAGE',
      'warning AUTHOR_WITHOUT_PAGE',
      'warning UNMATCHED_AUTHOR',
      'warning UNMATCHED_AUTHOR',
    ])
  })
})

describe('kube-site check on the real site', () => {
  let outDir: string
  beforeAll(async () => {
    ;({ outDir } = await sharedSite())
  }, 180_000)

  it('finds nothing in the build of this repository', async () => {
    const { code, stdout } = await kubeSite(['check', '--out', outDir, '--json'])
    const report = JSON.parse(stdout)
    expect(report.findings).toEqual([])
    expect(report).toMatchObject({ ok: true, errors: 0, warnings: 0, crawled: true })
    expect(report.pagesChecked).toBeGreaterThanOrEqual(14)
    expect(code).toBe(0)
  })

  it("finds a post the search index lacks, a result that leads nowhere, and a file of the index that is missing", async () => {
    const copy = mkdtempSync(join(tmpdir(), 'kube-site-check-search-'))
    try {
      cpSync(outDir, copy, { recursive: true })
      const manifest = JSON.parse(readFileSync(join(copy, 'blog/search/shards.json'), 'utf8')) as { shards: string[] }
      const shard = join(copy, manifest.shards[0]!)
      // The fragment of one post's page goes (the post is no longer found); another post's page goes (its result leads nowhere).
      const fragments = readdirSync(join(shard, 'fragment')).map((name) => {
        const text = gunzipSync(readFileSync(join(shard, 'fragment', name))).toString('utf8')
        return { name, url: (JSON.parse(text.slice(text.indexOf('{'))) as { url: string }).url }
      })
      const [unfound, removed] = fragments.sort((a, b) => a.url.localeCompare(b.url))
      rmSync(join(shard, 'fragment', unfound!.name))
      rmSync(join(copy, removed!.url, 'index.html'))
      rmSync(join(shard, 'wasm.en.pagefind'))
      const { code, stdout } = await kubeSite(['check', '--out', copy, '--json'])
      const report = JSON.parse(stdout)
      const search = report.findings.filter((found: { code: string }) => found.code.startsWith('SEARCH_'))
      expect(search.map(({ code, page, target }: Record<string, string>) => ({ code, page, target }))).toEqual([
        { code: 'SEARCH_INDEX_MISSING', page: '/blog/search/', target: `${manifest.shards[0]}wasm.en.pagefind` },
        { code: 'SEARCH_INDEX_INCOMPLETE', page: unfound!.url, target: undefined },
        { code: 'SEARCH_INDEX_STALE', page: '/blog/search/', target: removed!.url },
      ])
      expect(code).toBe(1)
      // A page its shard hides (cli/search/searchShards.ts: a post edited or gone since the shard was
      // indexed) is no result: hiding the gone post's page clears its finding, hiding a post's one page loses the post.
      const hidden = fragments[2]!
      const hide = [removed!, hidden].map(({ name }) => name.replace(/\.pf_fragment$/, ''))
      writeFileSync(join(copy, 'blog/search/shards.json'), JSON.stringify({ ...manifest, hidden: manifest.shards.map((_, at) => (at === 0 ? hide : [])) }))
      const hiding = JSON.parse((await kubeSite(['check', '--out', copy, '--json'])).stdout)
      expect(hiding.findings.filter((found: { code: string }) => found.code.startsWith('SEARCH_')).map(({ code, page }: Record<string, string>) => `${code} ${page}`)).toEqual([
        `SEARCH_INDEX_MISSING /blog/search/`,
        `SEARCH_INDEX_INCOMPLETE ${unfound!.url}`,
        `SEARCH_INDEX_INCOMPLETE ${hidden.url}`,
      ])
      rmSync(join(copy, 'blog/search/shards.json'))
      const withoutIndex = JSON.parse((await kubeSite(['check', '--out', copy, '--json'])).stdout)
      expect(withoutIndex.findings.filter((found: { code: string }) => found.code.startsWith('SEARCH_')).map((found: { target: string }) => found.target)).toEqual(['/blog/search/shards.json'])
    } finally {
      rmSync(copy, { recursive: true, force: true })
    }
  })

  it('finds a page the sitemap, llms.txt and the other language\'s hreflang links announce, once it is gone', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'kube-site-check-announced-'))
    try {
      cpSync(outDir, copy, { recursive: true })
      rmSync(join(copy, 'de/pricing/index.html'))
      const { code, stdout } = await kubeSite(['check', '--out', copy, '--json'])
      const announced = JSON.parse(stdout).findings.filter((found: { target?: string }) => found.target === 'https://kubeguard.dev/de/pricing/')
      expect(announced.map(({ code, page, message }: Record<string, string>) => ({ code, page, message }))).toEqual([
        { code: 'BROKEN_ANNOUNCED_URL', page: '/llms.txt', message: `link "Einfache, transparente Preise" https://kubeguard.dev/de/pricing/ is not in ${relative(repoRoot, copy)}/ (object storage answers 404)` },
        { code: 'BROKEN_ANNOUNCED_URL', page: '/sitemap.xml', message: `<loc> https://kubeguard.dev/de/pricing/ is not in ${relative(repoRoot, copy)}/ (object storage answers 404)` },
        { code: 'BROKEN_ANNOUNCED_URL', page: '/pricing/', message: `<link rel=alternate hreflang="de"> https://kubeguard.dev/de/pricing/ is not in ${relative(repoRoot, copy)}/ (object storage answers 404)` },
      ])
      expect(code).toBe(1)
    } finally {
      rmSync(copy, { recursive: true, force: true })
    }
  })
})

describe('kube-site build --check', () => {
  let site: string
  beforeAll(() => {
    site = mkdtempSync(join(tmpdir(), 'kube-site-check-'))
    cpSync(join(repoRoot, 'posts'), join(site, 'posts'), { recursive: true })
  })
  afterAll(() => rmSync(site, { recursive: true, force: true }))

  it('crawls the site it built and passes when nothing is wrong', async () => {
    const { code, stdout } = await kubeSite(['build', '--check', '--posts', join(site, 'posts'), '--out', join(tmpRoot, 'check-build-dist')])
    expect(stdout).toMatch(/✓ crawl\s+\d+ pages of node_modules\/\.cache\/kube-site-tests\/check-build-dist\//)
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('0 errors, 0 warnings')
    expect(code).toBe(0)
  }, 180_000)

  it('fails with exit 1 when a post links to a page that does not exist', async () => {
    writeFileSync(
      join(site, 'posts', 'dead-link.md'),
      '---\ntitle: "A post with a dead link"\nexcerpt: "It links nowhere."\nauthor: "A"\ndate: 2020-01-01\ntags: [test]\n---\nSee [the missing post](/blog/no-such-post/).\n',
    )
    const { code, stdout, stderr } = await kubeSite(['build', '--check', '--quiet', '--posts', join(site, 'posts'), '--out', join(site, 'dist')])
    expect(code).toBe(1)
    const shownOut = relative(repoRoot, join(site, 'dist'))
    expect(findingLines(stdout)).toContain(`  ✗ link to /blog/no-such-post/ is not in ${shownOut}/ (object storage answers 404)  BROKEN_LINK`)
    expect(stdout).toMatch(/(^|\n)\/blog\/dead-link\/  \(/)
    expect(stderr).toMatch(/error The check of the built site found \d+ errors?/)
  }, 180_000)
})
