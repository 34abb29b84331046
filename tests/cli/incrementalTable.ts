import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import { Parser } from 'htmlparser2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redirectTargetOf } from '../../cli/generator/siteFiles/redirectPage.ts'
import type { ExplanationDocument } from '../../cli/incremental/explainBuild.ts'
import { buildSite, copyTool, movedClock, otherUnicode, repoRoot, TOOL_ENTRIES, type BuildSiteOptions } from '../support/buildSite.ts'
import { snapshotFiles as snapshot, treeHash } from '../support/snapshotFiles.ts'

// Incremental equals clean (issue 60, item 7): for each kind of input a writer or CI changes, the
// site is changed, rebuilt into the same dist/ with every cache, then built from the same sources
// with --no-cache into another folder, and the two compared file by file, every byte (the search
// index's shards too: snapshotFiles compares them by what they hold where Pagefind writes the same
// index in other bytes from one run to the next, see tests/support/snapshotFiles.ts).
//
// The build to compare with is a build from empty caches, but for vite's bundle (about half of a
// clean build of this site): a bundle made from empty caches is kept by what the test itself sees
// vite could read (every file of the tool copy, the config, the flags and the environment: more
// than the build's own key, which the rows test), and taken over by a later reference build of the
// same. So a row whose change the bundle's key leaves out still fails, as its rebuild reuses a
// stale bundle and the reference build makes a new one (referenceBuild). Where the rebuild itself
// made a new bundle (vite ran in it, from the sources as they are now), the reference build takes
// that one instead of making the same again, about 3 s a row of the tool's code: but for one row
// (ownBundle), whose reference build makes its own from empty caches, so that a bundle made beside
// warm caches is still compared with one made without them.
//
// One warm site for every row: a baseline built once (with empty caches), then each row's change,
// its rebuild and its clean build; the change is undone after the row, so the next row's rebuild
// starts from the output of the previous one (and undoes it as well). Each row also checks that
// its change shows in the clean output (or, for the lockfile, that the caches miss): otherwise it
// could not fail.
//
// Each rebuild says what it did (--explain=json, its lines then on stderr; and --profile, how it
// rendered), and the reference build does not (so each comparison also says --explain changes no
// file). A row's check reads both: which caches hit and why the others missed, what the plan did
// with each page and file and why, which way the pages were rendered. Every row checks that
// nothing is left beside the outputs, and that each page and file the plan kept is as the last
// build left it. The first row changes nothing; rows change dist/ too, as a hand would (a page and
// a feed edited, a file put there), which the comparison shows the rebuild undid.
//
// The table runs on two sites: in one language, and as the site ships, in English and German
// (posts/de/ and the config's German locale), where rows for what a second locale adds (its
// posts, their links to their originals, its copy) run too, and the rows of the tool's code, the
// flags and the day (codeRows), which render every page again with the same code on either site.
// Each site has its own copy of the tool, and a test file of its own (describeTable), which runs
// beside the other's.
//
// The site's code (pages/, styles/, public/, tsconfig.json, package-lock.json, .env) is the tool
// root's, so the builds run a copy of the tool (copyTool), and the caches are that copy's. Its
// packages are hard links, so its CLI is compiled once, as in a checkout, and not again on every
// run (which would hide an input the compiled CLI leaves out).

/** A fixture's folders: a copy of the tool, and a site beside it. */
function sitePaths(root: string) {
  const site = join(root, 'site')
  return { root, tool: join(root, 'tool'), site, posts: join(site, 'posts'), config: join(site, 'site.config.ts'), dist: join(site, 'dist'), cleanDir: join(site, 'dist-clean') }
}
type Paths = ReturnType<typeof sitePaths>

/** The post a fixture's rows edit, and the slug it is renamed to. */
interface Edited {
  file: string
  slug: string
  /**
   * The list pages that show the post (its tags', its author's), where the row before its title's
   * leaves every other page as it was (the site in one language, the body's row before): that row
   * then asserts those, one of the blog's and the post's own are all the title renders.
   */
  lists?: string[]
}
const DRAFT = 'a-draft-in-progress'
const SCHEDULED = 'a-post-scheduled-for-tomorrow'
/**
 * A post with a picture from each of 400 hosts: the blog's pages name every host in their
 * Content-Security-Policy, about 12 KB before their stylesheet links, which a rebuild that takes
 * pages over must keep (issue 60, item 4).
 */
const GALLERY = 'a-gallery-from-many-hosts.md'
const GALLERY_POST = `---\ntitle: "A gallery from many hosts"\nexcerpt: "Remote pictures, a host each."\nauthor: "Maya Chen"\ndate: 2025-01-02\ntags: [gallery]\n---\n\nPictures from everywhere.\n\n${Array.from({ length: 400 }, (_, n) => `![Picture ${n}](https://img${n}.gallery-host-${n}.example/picture.png)`).join('\n\n')}\n`
/** A post of every site with old URLs (one as written with its slash, one without), which the renaming row takes out, and their redirect pages. */
const REDIRECTED = 'auditing-kubernetes-rbac-without-breaking-deploys.md'
const OLD_URLS = 'redirectFrom: [/blog/rbac-audits/, /blog/2025/rbac]\n'
const OLD_URL_FILES = [join('blog', 'rbac-audits', 'index.html'), join('blog', '2025', 'rbac', 'index.html')]
/** What the copy's footer shows of the environment: a variable vite exposes to the site's code. */
const MARK = 'VITE_KUBE_SITE_MARK'

// The build's today is the machine's local day (cli/content/frontmatter/dates.ts): a child's TZ sets it. At any
// moment the day at UTC+14 is one or two days after the day at UTC-12, so a post dated the day at
// UTC+14 is scheduled for a build at UTC-12 and live for one at UTC+14. (The POSIX names are
// inverted: Etc/GMT+12 is UTC-12.) Every row builds at UTC-12 but the last, where the day comes.
// Should the day at UTC-12 turn over (at noon UTC) during the run while UTC+14 was one day ahead,
// the post goes live in an earlier row, for its rebuild and its clean build alike; the last row
// then fails on its first assertion, which says so.
const BEFORE = { TZ: 'Etc/GMT+12' }
const AFTER = { TZ: 'Etc/GMT-14' }
const dayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())

const post = (title: string, date: string, extra = '') =>
  `---\ntitle: "${title}"\nexcerpt: "A post of the incremental test."\nauthor: "Maya Chen"\ndate: ${date}\ntags: [incremental]\n${extra}---\n\nA paragraph of ${title}.\n`

// Each change is recorded with what the file held before (undefined: it was not there), to be undone after its row.
const before = new Map<string, string | undefined>()
const remember = (path: string) => {
  if (!before.has(path)) before.set(path, existsSync(path) ? readFileSync(path, 'utf8') : undefined)
}
/** Rewrites a file, not to be undone (a file of dist/ edited as a hand would: the rebuild must undo it); the rewrite must change it. */
function rewrite(path: string, change: (text: string) => string) {
  const text = readFileSync(path, 'utf8')
  const changed = change(text)
  expect(changed, `the edit of ${path}`).not.toBe(text)
  writeFileSync(path, changed)
}
/** Rewrites a source, to be undone after the row. */
function edit(path: string, change: (text: string) => string) {
  remember(path)
  rewrite(path, change)
}
function write(path: string, text: string) {
  remember(path)
  writeFileSync(path, text)
}
function remove(path: string) {
  remember(path)
  rmSync(path)
}
function undo() {
  for (const [path, text] of before) {
    if (text === undefined) rmSync(path, { force: true })
    else writeFileSync(path, text)
  }
  before.clear()
}

type Flags = Pick<BuildSiteOptions, 'base' | 'drafts' | 'noindex' | 'env'>

/** The folder of a tool copy's caches (cli/toolRoot.ts cacheDir). */
const cachesOf = (tool: string) => join(tool, 'node_modules', '.cache', 'kube-site')
/** What a tool copy's caches hold that is the copy's, not the site's: its compiled CLI, and Node's compile cache of it. */
const OWN_CACHES = ['cli', 'compile-cache']

/** Where the bundles a build from empty caches made of `options` are kept (in `bundles`): by the hash of what vite may read, the config, the flags and the environment. */
function keptBundles(options: Omit<BuildSiteOptions, 'out'> & { tool: string; config: string }, bundles: string): string {
  const inputs = createHash('sha256')
  for (const entry of [...TOOL_ENTRIES, '.env']) inputs.update(entry).update(treeHash(join(options.tool, entry)))
  inputs.update(readFileSync(options.config)).update(JSON.stringify([options.base, options.drafts, options.noindex, options.env]))
  return join(bundles, inputs.digest('hex'))
}

/**
 * Builds `options` from empty caches into `out`, with the tool copy's caches set aside meanwhile:
 * but for a bundle that an earlier build from empty caches made from the same inputs as far as the
 * test sees (keptBundles), which it takes over; or else the bundle the rebuild just made, by its
 * key (`rebuilt`, a folder of the copy's cache). Without --explain, so that each comparison also
 * says the rebuild's --explain changed no file; what it printed, with --profile (how it rendered).
 */
async function referenceBuild(options: BuildSiteOptions & { tool: string; config: string }, bundles: string, rebuilt?: string): Promise<string> {
  const caches = cachesOf(options.tool)
  const kept = `${caches}.kept`
  const made = keptBundles(options, bundles)
  renameSync(caches, kept)
  try {
    mkdirSync(caches)
    for (const own of OWN_CACHES) if (existsSync(join(kept, own))) execFileSync('cp', ['-al', join(kept, own), caches])
    if (existsSync(made)) execFileSync('cp', ['-al', made, join(caches, 'bundles')])
    else if (rebuilt) {
      mkdirSync(join(caches, 'bundles'))
      execFileSync('cp', ['-al', join(kept, relative(caches, rebuilt)), join(caches, 'bundles')])
    }
    const { stdout } = await buildSite({ ...options, cache: true, quiet: false, profile: true })
    if (!existsSync(made)) renameSync(join(caches, 'bundles'), made)
    return stdout
  } finally {
    rmSync(caches, { recursive: true, force: true })
    renameSync(kept, caches)
  }
}

/** What `build --explain=json` printed (cli/incremental/explainBuild.ts). */
type Explained = ExplanationDocument

/** A build with --explain=json and --profile: its lines (on stderr then), and its explanation, alone on stdout (else it would not parse). */
async function explainedBuild(options: BuildSiteOptions): Promise<{ lines: string; explained: Explained }> {
  const { stdout, stderr } = await buildSite({ ...options, quiet: false, explain: 'json', profile: true })
  return { lines: stderr, explained: JSON.parse(stdout) as Explained }
}

/** What a cache did, as the explanation says. */
const cacheOutcome = (explained: Explained, cache: string) => explained.caches.find((outcome) => outcome.cache === cache)
/** The pages the plan did not keep: each URL with its action and reason, `{ '/blog/': 'rendered (data changed)' }`. */
const pagesNotKept = (explained: Explained) => Object.fromEntries(explained.pages.pages.filter(({ action }) => action !== 'kept').map(({ url, action, reason }) => [url, `${action} (${reason})`]))
/** The output's other files the plan did not keep, likewise. */
const filesNotKept = (explained: Explained) => Object.fromEntries(explained.files.files.filter(({ action }) => action !== 'kept').map(({ file, action, reason }) => [file, `${action} (${reason})`]))
/** What the plan did with one of the other files, and why. */
const filePlanned = (explained: Explained, file: string) => explained.files.files.find((planned) => planned.file === file.split('/').join(sep))

/** The bundle missed, and says it was for `inputs` (the names of cli/incremental/fingerprint.ts, in any order). */
function bundleMissed(explained: Explained, ...inputs: string[]) {
  const bundle = cacheOutcome(explained, 'bundle')
  expect(bundle).toMatchObject({ hits: 0, misses: 1 })
  expect(bundle?.reason?.replace(/ changed$/, '').split(', ').sort()).toEqual(inputs.sort())
}

/** Every entry of `cache` missed, and the explanation names `input` among the inputs that changed (with the row before's, put back). */
function missedFor(explained: Explained, cache: string, input: string) {
  const outcome = cacheOutcome(explained, cache)
  expect(outcome, cache).toMatchObject({ hits: 0 })
  expect(outcome?.misses, cache).toBeGreaterThan(0)
  expect(outcome?.reason?.replace(/ changed$/, '').split(', '), cache).toContain(input)
}

/** The bundles of a tool copy's cache, by key. */
const bundlesIn = (tool: string) => (existsSync(join(cachesOf(tool), 'bundles')) ? readdirSync(join(cachesOf(tool), 'bundles')) : [])

/** What a build printed (with --profile) says it rendered its pages with vike's server runtime, from a bundle it took from the cache. */
function throughRuntime(lines: string) {
  expect(lines).toMatch(/✓ bundle .*unchanged code and config: reused/)
  expect(lines).toMatch(/vike server runtime \(loading\)/)
}

/** The file of dist/ a page of the plan is written to (cli/generator/prerender/pagePlan.ts pageFile: `/blog/` is blog/index.html, the not-found page's key `404` is 404.html). */
const pageFile = (url: string) => (url.startsWith('/') ? `${url.slice(1)}index.html` : `${url}.html`).split('/').join(sep)

/** When each file of `dir` was last written, by its path in it. */
function writtenTimes(dir: string): Map<string, number> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
  return new Map(files.map((entry) => [relative(dir, join(entry.parentPath, entry.name)), statSync(join(entry.parentPath, entry.name)).mtimeMs]))
}

/** The pages and files the plan kept that the rebuild wrote again, or that were not there (`before`: writtenTimes before it). */
function keptButWritten(explained: Explained, dist: string, before: ReadonlyMap<string, number>): string[] {
  const kept = [...explained.pages.pages.filter(({ action }) => action === 'kept').map(({ url }) => pageFile(url)), ...explained.files.files.filter(({ action }) => action === 'kept').map(({ file }) => file)]
  return kept.filter((file) => before.get(file) === undefined || !existsSync(join(dist, file)) || statSync(join(dist, file)).mtimeMs !== before.get(file))
}

/** The files of `dir` that a page in it links as a stylesheet and that are not there. */
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

/** The page of a post of posts/ (`de/…`: the German locale's) by its file's name, and its markdown twin. */
const postUrl = (file: string) => (file.startsWith('de/') ? `/de/blog/${file.slice(3, -3)}/` : `/blog/${file.slice(0, -3)}/`)
const twinOf = (file: string) => `${postUrl(file).slice(1)}index.md`.split('/').join(sep)
/** The posts a build of the site shows, which the posts cache counts: every markdown file of its posts/, the German locale's, but the draft and the post scheduled for tomorrow (read, not shown). */
const postCount = (posts: string) => readdirSync(posts, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md') && ![`${DRAFT}.md`, `${SCHEDULED}.md`].includes(file)).length

/** What a row asserts once both builds are done: given what the rebuild printed (its phases and summary), what it explained, and what the reference build printed. */
type Check = (stdout: string, explained: Explained, reference: string) => void

interface Row {
  name: string
  /** Changes the sources (or dist/, as a hand would), or returns the flags and environment of the rebuild and the clean build. */
  change: () => Flags | void
  /** The change cannot show in the output (check says what the rebuild must do instead). */
  unseen?: true
  /** The clean build is one with --no-cache (the caches neither read nor written), not from empty caches. */
  uncached?: true
  /** The clean build makes its bundle from empty caches, though the rebuild made one of the same inputs (referenceBuild). */
  ownBundle?: true
  check?: Check
}

/**
 * The rebuild after an edit to the bodies of `files` (of posts/) alone renders no page: the new
 * body goes into the page as written, its markdown twin is written, and every other page and file
 * is kept, the sitemap and llms.txt too (made from every field but bodies). The paragraphs the rows
 * add keep each post's reading time (a minute a 220 words): a body that passes a minute changes
 * the post's data, shown on its page and its lists, which then render (the shipped German
 * introduction has 874 words: a seven-word paragraph renders six pages).
 */
const bodiesOnly =
  ({ tool, posts, dist }: Paths, ...files: string[]): Check =>
  (stdout, explained) => {
    expect(stdout).toMatch(/✓ prerender .* 0 pages rendered .*, \d+ with only a new body/)
    const cache = cacheOutcome(explained, 'posts')
    expect({ ...cache, missed: cache?.missed?.toSorted() }).toEqual({ cache: 'posts', hits: postCount(posts) - files.length, misses: files.length, reason: 'content changed', missed: files.map((file) => relative(tool, join(posts, file))).sort() })
    expect(pagesNotKept(explained)).toEqual(Object.fromEntries(files.map((file) => [postUrl(file), 'body replaced (body changed)'])))
    expect(explained.pages.renderWith.way).toBe('none')
    expect(filesNotKept(explained)).toMatchObject({ ...Object.fromEntries(files.map((file) => [twinOf(file), "written (its page's body replaced)"])), 'robots.txt': 'written (made every build)' })
    expect([filePlanned(explained, 'sitemap.xml'), filePlanned(explained, 'llms.txt')]).toEqual([
      { file: 'sitemap.xml', action: 'kept', reason: 'unchanged' },
      { file: 'llms.txt', action: 'kept', reason: 'unchanged' },
    ])
    // A body after a policy of 12 KB (the gallery's): the stylesheets the page links are still there.
    expect(missingStylesheets(dist)).toEqual([])
  }

/** German posts of the shipped posts/de/: a translation with a slug of its own, and one by its original's file name. */
const GERMAN = 'de/netzwerkrichtlinien-aus-echtem-datenverkehr.md'
const SAME_NAME = 'introducing-ai-agents-that-secure-kubernetes.md'
/** The German copy's footer status in the fixture's config (locales' copy, site.config.ts's german). */
const GERMAN_STATUS = 'Alle Systeme geprüft'

/** What a second locale adds: its posts, their links to their originals, its copy in the config. */
const localeRows = (paths: Paths, edited: Edited): Row[] => [
  {
    name: "a German post's body",
    change: () => edit(join(paths.posts, GERMAN), (text) => `${text}\nEin Absatz, vom Test hinzugefügt.\n`),
    // The English body's row before it left its post with a new body: that page is given its old one back.
    check: bodiesOnly(paths, edited.file, GERMAN),
  },
  { name: "a German post's title", change: () => edit(join(paths.posts, GERMAN), (text) => text.replace(/^title: .*$/m, 'title: "Vom Test umbenannt"')) },
  {
    name: 'a German translation added (the file name of its English original)',
    change: () => write(join(paths.posts, 'de', 'pod-security-admission-in-practice.md'), post('Pod Security Admission in der Praxis', '2025-02-20')),
  },
  { name: 'a German-only post added', change: () => write(join(paths.posts, 'de', 'nur-auf-deutsch.md'), post('Nur auf Deutsch', '2025-09-10')) },
  { name: 'a German post deleted', change: () => remove(join(paths.posts, GERMAN)) },
  { name: "the German copy in the config (a locale's copy)", change: () => edit(paths.config, (text) => text.replace(GERMAN_STATUS, 'Einige Systeme gestört')) },
  {
    name: 'an English original renamed (slug, redirectFrom), its German translation linked by the same file name',
    change: () => edit(join(paths.posts, SAME_NAME), (text) => text.replace(/\n---\n/, '\nslug: introducing-our-platform\nredirectFrom: /blog/introducing-ai-agents-that-secure-kubernetes/\n---\n')),
  },
]

/** The title the title's rows give the edited post. */
const TITLE = 'Retitled by the incremental test'
/** The page the title's row edits by hand, as the post's edit leaves it: it must be rendered again. */
const TAMPERED = 'pricing/index.html'
/** The feed the title's row edits by hand: the gallery's tag's, which no row's change makes anew. */
const HAND_EDITED_FEED = join('blog', 'tags', 'gallery', 'rss.xml')

/** What a writer changes: posts, on any site. */
function rows(paths: Paths, edited: Edited): Row[] {
  const { posts, tool, dist } = paths
  const file = join(posts, edited.file)
  const oldSlug = edited.file.replace(/\.md$/, '')
  const tags = /^tags: \[(.*)\]$/m.exec(readFileSync(join(repoRoot, 'posts', edited.file), 'utf8'))![1]!.split(', ')
  return [
    {
      // The baseline's .env holds a VITE_ variable, which vike copies into process.env as it bundles: the bundle is still taken.
      name: 'nothing (a rebuild with every cache; the clean build with --no-cache)',
      change: () => {},
      unseen: true,
      uncached: true,
      check: (stdout, explained, reference) => {
        expect(explained.caches.filter(({ misses }) => misses > 0)).toEqual([])
        // Every cache the build has reports, the compiled CLI's too (cli/bin.js decides it, cli/incremental/compiledCli.js).
        expect(explained.caches.map(({ cache }) => cache).sort()).toEqual(['bundle', 'cards', 'cli compile', 'images', 'pages', 'posts', 'search', 'site files', 'stylesheets', 'svg verdicts'])
        expect([cacheOutcome(explained, 'bundle'), cacheOutcome(explained, 'posts')]).toEqual([
          { cache: 'bundle', hits: 1, misses: 0 },
          { cache: 'posts', hits: postCount(posts), misses: 0, missed: [] },
        ])
        // Every page and file kept, but robots.txt, made every build: the output updated in place.
        expect(pagesNotKept(explained)).toEqual({})
        expect(explained.pages.renderWith.way).toBe('none')
        expect(filesNotKept(explained)).toEqual({ 'robots.txt': 'written (made every build)' })
        expect(explained.files.replacedWhole).toBe(false)
        // As many unchanged as it shows: the draft and the scheduled post, read from the cache too, are neither.
        expect(stdout).toMatch(new RegExp(`✓ posts .* ${postCount(posts)} posts \\(${postCount(posts)} unchanged, from cache\\)`))
        expect(stdout).toMatch(/✓ bundle .*unchanged code and config: reused/)
        expect(stdout).toMatch(/✓ prerender .* 0 pages rendered .*, \d+ unchanged reused/)
        // Nothing came from a cache (the phases' lines; its profile counts the cards, none from cache).
        expect(reference.split('\n').filter((line) => line.startsWith('  ✓ '))).not.toContainEqual(expect.stringMatching(/from cache|reused/))
      },
    },
    {
      name: "a post's body",
      change: () => edit(file, (text) => `${text}\nA paragraph added by the incremental test, with “quotes”, € and 🚀.\n`),
      check: (stdout, explained, reference) => {
        bodiesOnly(paths, edited.file)(stdout, explained, reference)
        // The reference build: a new output from the baseline's bundle, every page through vike's
        // server runtime, byte for byte the baseline's pages (which the rebuild kept, but one body).
        throughRuntime(reference)
      },
    },
    {
      // The post's page and the lists that show it render again, by vike's server runtime; a page
      // and a feed edited by hand in dist/ are made again (the comparison says how).
      name: "a post's title",
      change: () => {
        edit(file, (text) => text.replace(/^title: .*$/m, `title: "${TITLE}"`))
        rewrite(join(dist, TAMPERED), (text) => text.replace('</h1>', 'Tampered</h1>'))
        rewrite(join(dist, HAND_EDITED_FEED), () => 'changed by hand')
      },
      check: (stdout, explained) => {
        expect(pagesNotKept(explained)).toMatchObject({ [postUrl(edited.file)]: 'rendered (data changed)', '/pricing/': 'rendered (output edited by hand)' })
        expect(explained.pages.renderWith).toEqual({ way: 'server runtime', reason: "in the CLI's thread" })
        throughRuntime(stdout)
        expect(filesNotKept(explained)).toMatchObject({ 'llms.txt': 'written (content changed)', [HAND_EDITED_FEED]: 'written (output edited by hand)' })
        // The feeds carry the title too (written with the site's files, not rendered), as llms.txt does.
        for (const feed of [...tags.map((tag) => `blog/tags/${tag}/rss.xml`), 'blog/feed.json', 'llms.txt']) expect(readFileSync(join(dist, feed), 'utf8'), feed).toContain(TITLE)
        expect(missingStylesheets(dist)).toEqual([])
        if (!edited.lists) return
        // Where the row before left every other page as it was, exactly: the post's page, the lists
        // that show it (the blog's page that holds it, its tags', its author's), the page edited by
        // hand; every other feed kept (and, as the loop checks, left as it was).
        const count = postCount(posts)
        expect(cacheOutcome(explained, 'posts')).toEqual({ cache: 'posts', hits: count - 1, misses: 1, reason: 'content changed', missed: [relative(tool, file)] })
        expect(stdout).toContain(`(${count - 1} unchanged, from cache)`)
        const retitled = pagesHolding(dist, TITLE)
        expect(retitled.filter((url) => !isBlogPage(url))).toEqual([postUrl(edited.file), ...edited.lists].sort())
        expect(retitled.filter(isBlogPage)).toHaveLength(1)
        expect(pagesNotKept(explained)).toEqual({ ...Object.fromEntries(retitled.map((url) => [url, 'rendered (data changed)'])), '/pricing/': 'rendered (output edited by hand)' })
        expect(stdout).toMatch(new RegExp(`✓ prerender .* ${retitled.length + 1} pages rendered \\(\\d+ pages\\/s\\), \\d+ unchanged reused`))
        const otherFeeds = explained.files.files.filter(({ file }) => file.startsWith(join('blog', 'tags', '')) && !tags.some((tag) => file.startsWith(join('blog', 'tags', tag, ''))) && file !== HAND_EDITED_FEED)
        expect(otherFeeds.length).toBeGreaterThan(3)
        expect(otherFeeds.filter(({ action }) => action !== 'kept')).toEqual([])
      },
    },
    { name: "a post's tags", change: () => edit(file, (text) => text.replace(/^tags: .*$/m, 'tags: [network-security, incremental]')) },
    { name: "a post's date", change: () => edit(file, (text) => text.replace(/^date: .*$/m, 'date: 2025-11-30')) },
    { name: 'a post made a draft', change: () => edit(file, (text) => text.replace(/\n---\n/, '\ndraft: true\n---\n')) },
    {
      // As one commit: a renamed post leaves a redirect where its page was, and the old URLs another post stops redirecting go.
      name: 'a post renamed, its old URL redirected (redirectFrom); the old URLs of another taken out',
      change: () => {
        edit(file, (text) => text.replace(/\n---\n/, `\nslug: ${edited.slug}\nredirectFrom: /blog/${oldSlug}/\n---\n`))
        edit(join(posts, REDIRECTED), (text) => text.replace(OLD_URLS, ''))
      },
      check: (stdout, explained) => {
        // The row before made the post a draft: its old URL, not in the output, is now a redirect page's.
        expect(redirectTargetOf(readFileSync(join(dist, 'blog', oldSlug, 'index.html'), 'utf8'))).toBe(`/blog/${edited.slug}/`)
        expect(pagesNotKept(explained)).toMatchObject({ [`/blog/${edited.slug}/`]: 'rendered (new page)' })
        expect(filesNotKept(explained)).toMatchObject({ [join('blog', oldSlug, 'index.html')]: 'written (new file)', ...Object.fromEntries(OLD_URL_FILES.map((file) => [file, 'removed (site file gone)'])) })
        // Their folders go too.
        for (const folder of [join('blog', 'rbac-audits'), join('blog', '2025')]) expect(existsSync(join(dist, folder)), folder).toBe(false)
        // Updated in place.
        expect(explained.files.replacedWhole).toBe(false)
        expect(stdout).toMatch(/✓ prerender .*, \d+ unchanged reused/)
        expect(stdout).toMatch(/\d+ pages, 1 redirect, /)
      },
    },
    {
      // The post the row before renamed is deleted (and the redirect from its old URL goes with it); a file put into dist/ by hand goes too.
      name: 'a post deleted',
      change: () => {
        remove(file)
        writeFileSync(join(dist, 'by-hand.txt'), 'not from a build')
      },
      check: (stdout, explained) => {
        // With the pages of the tags it alone had, and the blog's last.
        expect(pagesNotKept(explained)).toMatchObject({ [`/blog/${edited.slug}/`]: 'removed (page gone)' })
        expect(filesNotKept(explained)).toMatchObject({ 'by-hand.txt': 'removed (not made by this build)', [join('blog', oldSlug, 'index.html')]: 'removed (site file gone)' })
        for (const gone of ['by-hand.txt', join('blog', oldSlug), join('blog', edited.slug)]) expect(existsSync(join(dist, gone)), gone).toBe(false)
        const sitemap = readFileSync(join(dist, 'sitemap.xml'), 'utf8')
        for (const slug of [oldSlug, edited.slug]) expect(sitemap).not.toContain(`/blog/${slug}/`)
        // Updated in place: the pages taken over stay where they are.
        expect(explained.files.replacedWhole).toBe(false)
        expect(stdout).toMatch(/✓ prerender .*, \d+ unchanged reused/)
      },
    },
    { name: 'a post added', change: () => write(join(posts, 'a-new-post.md'), post('A new post', '2025-09-09')) },
  ]
}

/**
 * What changes the tool's code, the build's flags or its day, after which every page renders
 * again (a new bundle) or by its data: rows of the site as it ships alone. Each makes a new bundle
 * (its rebuild's, which its reference build takes but for one row, see referenceBuild), 5-8 s a
 * row; on the site in one language, which renders its pages with the same bundle code, they
 * checked nothing more and cost two minutes of the suite.
 */
function codeRows(paths: Paths, edited: Edited): Row[] {
  const { tool, config, dist } = paths
  const file = join(paths.posts, edited.file)
  return [
    {
      name: 'a VITE_ variable in .env',
      change: () => edit(join(tool, '.env'), (text) => text.replace('from .env', 'from .env, changed')),
      check: (_, explained) => bundleMissed(explained, 'env'),
    },
    {
      name: 'a VITE_ variable in the environment',
      change: () => ({ env: { [MARK]: 'from the environment' } }),
      check: (_, explained) => {
        // The row before's .env put back is the same input.
        bundleMissed(explained, 'env')
        expect(cacheOutcome(explained, 'stylesheets')).toEqual({ cache: 'stylesheets', hits: 0, misses: 1, reason: 'bundle made by this build' })
        // Another bundle: every page rendered, by the server runtime of the bundle this build made.
        expect(new Set(explained.pages.pages.map(({ action, reason }) => `${action} (${reason})`))).toEqual(new Set(['rendered (bundle changed)']))
        expect(explained.pages.renderWith).toEqual({ way: 'server runtime', reason: "in the CLI's thread" })
      },
    },
    {
      name: 'tsconfig.json',
      // Class fields declared without a value (SearchUnavailable's reason) go once vite's transform reads this.
      change: () => edit(join(tool, 'tsconfig.json'), (text) => text.replace('"target": "ES2022",', '"target": "ES2022",\n    "useDefineForClassFields": false,')),
      check: (_, explained) => {
        // And the environment's variable of the row before gone. The CLI's own compile reads
        // tsconfig.json (cli/bin.js), and this option changes its code too: the posts miss for the
        // CLI alone, which they declare, not for tsconfig.json (an option that changes no code keeps
        // the CLI's version: tests/unit/binCompile.test.ts).
        bundleMissed(explained, 'tsconfig.json', 'env', 'cli')
        expect(cacheOutcome(explained, 'cli compile')).toEqual({ cache: 'cli compile', hits: 0, misses: 1, reason: 'tsconfig.json changed' })
        expect(cacheOutcome(explained, 'posts')).toMatchObject({ hits: 0, reason: 'cli changed' })
      },
    },
    {
      name: 'the config (site.config.ts)',
      change: () => edit(config, (text) => text.replace('All systems checked', 'Some systems degraded')),
      // With the row before's tsconfig.json put back, and the CLI compiled with it.
      check: (_, explained) => bundleMissed(explained, 'config', 'tsconfig.json', 'cli'),
    },
    {
      name: 'a page component (pages/)',
      change: () => edit(join(tool, 'pages/_components/layout/Footer.tsx'), (text) => text.replace('{`© ${', '{`Copyright ${')),
      // Its reference build bundles from empty caches: the rebuild's bundle, made beside every other cache, must be the same.
      ownBundle: true,
      check: (_, explained) => bundleMissed(explained, 'pages', 'config'),
    },
    {
      name: 'a stylesheet (styles/)',
      change: () => edit(join(tool, 'styles/_tokens.scss'), (text) => text.replace('--color-primary: #4f46e5;', '--color-primary: #4338ca;')),
      check: (_, explained) => bundleMissed(explained, 'styles', 'pages'),
    },
    {
      name: 'a public file (public/)',
      change: () => edit(join(tool, 'public/favicon.svg'), (text) => text.replace('stop-color="#06b6d4"', 'stop-color="#0891b2"')),
      check: (_, explained) => bundleMissed(explained, 'public', 'styles'),
    },
    {
      name: 'the lockfile (package-lock.json)',
      // node_modules is the same, so the output is too: what must change is every cache of what the
      // installed packages make (the bundle, the rendered posts), keyed by the lockfile's bytes.
      change: () => edit(join(tool, 'package-lock.json'), (text) => text.replace(/\n}\n?$/, ',\n  "incrementalTest": true\n}\n')),
      unseen: true,
      check: (stdout) => {
        expect(stdout).toMatch(/✓ bundle /)
        expect(stdout).not.toMatch(/✓ bundle .*reused/)
        expect(stdout).not.toMatch(/✓ posts .*from cache/)
      },
    },
    {
      // The cards are named by their key, which has the runtime: their names show the change.
      name: 'the runtime (a Node with another Unicode version)',
      change: () => ({ env: otherUnicode() }),
      check: (_, explained) => {
        for (const cache of ['bundle', 'posts', 'cards', 'svg verdicts']) missedFor(explained, cache, 'runtime')
      },
    },
    {
      name: "the card renderer (the compiled CLI's card thread draws a wider band)",
      change: () => edit(join(tool, 'cli/cards/renderCard.ts'), (text) => text.replace('const BAND = 14\n', 'const BAND = 20\n')),
      check: (_, explained) => missedFor(explained, 'cards', 'card renderer'),
    },
    {
      name: '--base into the same dist/',
      change: () => ({ base: '/marketing/' }),
      // The pages the next row keeps are this build's, from the bundle it made.
      check: (_, explained) => expect(new Set(explained.pages.pages.map(({ action }) => action))).toEqual(new Set(['rendered'])),
    },
    {
      // Its few pages through vike's server runtime of a restored bundle, beside the pages the row before
      // rendered with the bundle it made; its reference build's every page, byte for byte the same.
      name: "a post's title, under the base of the row before",
      change: () => {
        edit(file, (text) => text.replace(/^title: .*$/m, `title: "${TITLE}"`))
        return { base: '/marketing/' }
      },
      check: (stdout, explained, reference) => {
        expect(explained.pages.renderWith).toEqual({ way: 'server runtime', reason: "in the CLI's thread" })
        throughRuntime(stdout)
        throughRuntime(reference)
      },
    },
    { name: '--drafts into the same dist/', change: () => ({ drafts: true }), check: () => expect(existsSync(join(dist, 'blog', DRAFT, 'index.html'))).toBe(true) },
    { name: '--noindex into the same dist/', change: () => ({ noindex: true }) },
    {
      name: 'the day a scheduled post goes live',
      change: () => {
        expect(existsSync(join(dist, 'blog', SCHEDULED)), 'the post is scheduled until this row').toBe(false)
        return { env: AFTER }
      },
      check: (_, explained) => {
        expect(existsSync(join(dist, 'blog', SCHEDULED, 'index.html'))).toBe(true)
        // Taken from the cache (the --drafts row's: the drafts are not the bundle's), though TZ
        // changed: a variable of the environment vite does not read.
        expect(cacheOutcome(explained, 'bundle')).toEqual({ cache: 'bundle', hits: 1, misses: 0 })
      },
    },
    {
      // The day after, with no post due: no page shows the day (the legal pages show their
      // documents' dates, the footer the config's year), so none renders. A page that showed it
      // would render again by its data (pagePlan.test.ts). Last: the rows before hold the day.
      name: 'the next day, no post scheduled for it',
      change: () => ({ env: { ...AFTER, ...movedClock(1) } }),
      unseen: true,
      check: (stdout, explained) => {
        expect(stdout).toMatch(/✓ prerender .* 0 pages rendered /)
        expect(pagesNotKept(explained)).toEqual({})
      },
    },
  ]
}

/** The pages of `dist` whose HTML holds `text`, by URL, sorted. */
const pagesHolding = (dist: string, text: string) =>
  readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(`${sep}index.html`) || file === 'index.html')
    .filter((file) => readFileSync(join(dist, file), 'utf8').includes(text))
    .map((file) => `/${file.slice(0, -'index.html'.length).split(sep).join('/')}`)
    .sort()
/** The blog's own list pages: /blog/ and /blog/page/N/. */
const isBlogPage = (url: string) => /^\/blog\/(page\/\d+\/)?$/.test(url)

interface Fixture {
  name: string
  /** The posts of the shipped posts/ the site takes. */
  posts: (path: string) => boolean
  /** The site's config, given the tool's site.config.ts as `site`: what follows `export default`. */
  config: string
  rows: (paths: Paths) => Row[]
}

const fixtures: Fixture[] = [
  {
    name: 'the site in one language',
    posts: (path) => !path.startsWith(join(repoRoot, 'posts', 'de')),
    config: `{ ...site, locales: [], footer: { ...site.footer, status: 'All systems checked' } }`,
    rows: (paths) =>
      rows(paths, {
        file: 'least-privilege-network-policies-from-real-traffic.md',
        slug: 'least-privilege-network-policies',
        lists: ['/blog/tags/network-security/', '/blog/tags/cilium/', '/blog/tags/networkpolicy/', '/blog/authors/maya-chen/'],
      }),
  },
  {
    // The shipped German locale: posts/de/ and the config's locales, its footer's status set here.
    name: 'the site in English and German',
    posts: () => true,
    config: `{
  ...site,
  footer: { ...site.footer, status: 'All systems checked' },
  locales: site.locales.map((locale) => ({ ...locale, copy: { ...locale.copy, footer: { ...locale.copy.footer, status: ${JSON.stringify(GERMAN_STATUS)} } } })),
}`,
    rows: (paths) => {
      // A post of English alone: its German translation would name a renamed or deleted original,
      // which fails the build (translationOf names no post), as it should.
      const edited = { file: 'pod-security-admission-in-practice.md', slug: 'pod-security-admission' }
      const [nothing, body, ...rest] = rows(paths, edited)
      // The German body's row follows the English one, as the English follows the baseline: its
      // rebuild starts from an output of the same flags, bundle and data (the English body put
      // back), so no page renders. The days' rows stay last.
      return [nothing!, body!, ...localeRows(paths, edited), ...rest, ...codeRows(paths, edited)]
    },
  },
]

/**
 * The table on one of its sites, by its name: each site is a test file of its own
 * (incremental.test.ts, incrementalLocales.test.ts), so that the two run in two workers at once.
 */
export function describeTable(name: string) {
  const at = fixtures.findIndex((fixture) => fixture.name === name)
  const fixture = fixtures[at]
  if (!fixture) throw new Error(`No site of the incremental table is named ${JSON.stringify(name)}`)
  describe(fixture.name, () => {
    // Made by beforeAll, which a run of other tests (-t) skips; one a run that died left under the same process id goes first.
    const paths = sitePaths(join(tmpdir(), `kube-site-incremental-${process.pid}-${at}`))
    const { root, tool, site, posts, config, dist, cleanDir } = paths
    const bundles = join(root, 'reference-bundles')
    let baseline: Record<string, string>

    beforeAll(async () => {
      rmSync(root, { recursive: true, force: true })
      mkdirSync(bundles, { recursive: true })
      copyTool(tool, { hardLinks: true })
      cpSync(join(repoRoot, 'posts'), posts, { recursive: true, filter: fixture.posts })
      // The copy's footer shows a variable vite exposes (none of the site's own code reads one).
      const footer = join(tool, 'pages/_components/layout/Footer.tsx')
      writeFileSync(footer, readFileSync(footer, 'utf8').replace('{footer.status}', `{\`\${footer.status}\${import.meta.env.${MARK} ?? ''}\`}`))
      writeFileSync(join(tool, '.env'), `${MARK}=" (from .env)"\n`)
      writeFileSync(config, `import site from ${JSON.stringify(join(tool, 'site.config.ts'))}\n\nexport default ${fixture.config}\n`)
      writeFileSync(join(posts, `${DRAFT}.md`), post('A draft in progress', '2025-02-02', 'draft: true\n'))
      const tomorrow = dayIn('Etc/GMT-14')
      expect(tomorrow > dayIn('Etc/GMT+12')).toBe(true)
      writeFileSync(join(posts, `${SCHEDULED}.md`), post('A post scheduled for tomorrow', tomorrow))
      writeFileSync(join(posts, GALLERY), GALLERY_POST)
      const redirected = join(posts, REDIRECTED)
      writeFileSync(redirected, readFileSync(redirected, 'utf8').replace(/\n---\n/, `\n${OLD_URLS}---\n`))
      const options = { posts, config, tool, env: BEFORE }
      const { explained } = await explainedBuild({ ...options, out: dist })
      expect(cacheOutcome(explained, 'bundle')).toEqual({ cache: 'bundle', hits: 0, misses: 1, reason: 'no previous' })
      // Its bundle, made from empty caches and kept in the cache once the build ended, is the reference builds' of the same inputs.
      expect(bundlesIn(tool)).toHaveLength(1)
      cpSync(join(cachesOf(tool), 'bundles'), keptBundles(options, bundles), { recursive: true })
      baseline = snapshot(dist)
      expect(readFileSync(join(dist, 'index.html'), 'utf8')).toContain('All systems checked (from .env)')
      expect(existsSync(join(dist, 'blog', DRAFT))).toBe(false)
      expect(Object.keys(baseline)).toEqual(expect.arrayContaining(OLD_URL_FILES))
      // What the gallery is for: the blog's pages link their stylesheet past their policy, beyond 8 KB.
      expect(readFileSync(join(dist, 'blog/index.html')).indexOf('<link rel="stylesheet"')).toBeGreaterThan(8192)
      expect(missingStylesheets(dist)).toEqual([])
    }, 180_000)
    // A copy of the tool is thousands of files: on a loaded two-core machine removing it took more
    // than the hooks' default 10 s (seen by two helpers, on main too), and the file failed after its tests passed.
    afterAll(() => rmSync(root, { recursive: true, force: true }), 120_000)

    for (const row of fixture.rows(paths)) {
      it(`incremental equals clean: ${row.name}`, { timeout: 180_000 }, async () => {
        try {
          const flags = row.change() ?? {}
          const options = { ...flags, posts, config, tool, env: { ...BEFORE, ...flags.env } }
          const written = writtenTimes(dist)
          const bundlesBefore = new Set(bundlesIn(tool))
          const { lines, explained } = await explainedBuild({ ...options, out: dist })
          // The bundle this rebuild made (vite ran in it), which its reference build may take.
          const madeNow = cacheOutcome(explained, 'bundle')?.misses ? bundlesIn(tool).filter((key) => !bundlesBefore.has(key)) : []
          const rebuilt = madeNow.length === 1 && !row.ownBundle ? join(cachesOf(tool), 'bundles', madeNow[0]!) : undefined
          const reference = row.uncached ? (await buildSite({ ...options, out: cleanDir, cache: false, quiet: false, profile: true })).stdout : await referenceBuild({ ...options, out: cleanDir }, bundles, rebuilt)
          const clean = snapshot(cleanDir)
          if (!row.unseen) expect(clean, 'the change shows in the output of a clean build').not.toEqual(baseline)
          expect(snapshot(dist), lines).toEqual(clean)
          // Nothing is left beside the outputs (the previous output, a work folder), and each page
          // and file the plan kept is as the last build left it.
          expect(readdirSync(site).sort()).toEqual(['dist', 'dist-clean', 'posts', 'site.config.ts'])
          expect(keptButWritten(explained, dist, written)).toEqual([])
          row.check?.(lines, explained, reference)
        } finally {
          undo()
          rmSync(cleanDir, { recursive: true, force: true })
        }
      })
    }
  })
}
