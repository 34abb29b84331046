import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
// stale bundle and the reference build makes a new one (referenceBuild).
//
// One warm site for every row: a baseline built once (with empty caches), then each row's change,
// its rebuild and its clean build; the change is undone after the row, so the next row's rebuild
// starts from the output of the previous one (and undoes it as well). Each row also checks that
// its change shows in the clean output (or, for the lockfile, that the caches miss): otherwise it
// could not fail.
//
// The table runs on two sites: in one language, and as the site ships, in English and German
// (posts/de/ and the config's German locale), where rows for what a second locale adds (its
// posts, their links to their originals, its copy) run too. Each site has its own copy of the tool.
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
}
const DRAFT = 'a-draft-in-progress'
const SCHEDULED = 'a-post-scheduled-for-tomorrow'
/** What the copy's footer shows of the environment: a variable vite exposes to the site's code. */
const MARK = 'VITE_KUBE_SITE_MARK'

// The build's today is the machine's local day (cli/content/frontmatter/dates.ts): a child's TZ sets it. At any
// moment the day at UTC+14 is one or two days after the day at UTC-12, so a post dated the day at
// UTC+14 is scheduled for a build at UTC-12 and live for one at UTC+14. (The POSIX names are
// inverted: Etc/GMT+12 is UTC-12.) Every row builds at UTC-12 but the last, where the day comes
// (the next day's row moves the clock a day at UTC-12, the scheduled post's date moved on first).
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
/** Rewrites a file; the rewrite must change it. */
function edit(path: string, change: (text: string) => string) {
  remember(path)
  const text = readFileSync(path, 'utf8')
  const changed = change(text)
  expect(changed, `the edit of ${path}`).not.toBe(text)
  writeFileSync(path, changed)
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

type Flags = Pick<BuildSiteOptions, 'base' | 'drafts' | 'noindex' | 'env' | 'explain'>

/** The folder of a tool copy's caches (cli/toolRoot.ts cacheDir). */
const cachesOf = (tool: string) => join(tool, 'node_modules', '.cache', 'kube-site')
/** What a tool copy's caches hold that is the copy's, not the site's: its compiled CLI, and Node's compile cache of it. */
const OWN_CACHES = ['cli', 'compile-cache']

/**
 * Builds `options` from empty caches into `out`, with the tool copy's caches set aside meanwhile:
 * but for a bundle that an earlier reference build made from the same inputs as far as the test
 * sees (`bundles`, by the hash of what vite may read), which it takes over.
 */
async function referenceBuild(options: BuildSiteOptions & { tool: string; config: string }, bundles: string): Promise<void> {
  const caches = cachesOf(options.tool)
  const kept = `${caches}.kept`
  const inputs = createHash('sha256')
  for (const entry of [...TOOL_ENTRIES, '.env']) inputs.update(entry).update(treeHash(join(options.tool, entry)))
  inputs.update(readFileSync(options.config)).update(JSON.stringify([options.base, options.drafts, options.noindex, options.env]))
  const made = join(bundles, inputs.digest('hex'))
  renameSync(caches, kept)
  try {
    mkdirSync(caches)
    for (const own of OWN_CACHES) if (existsSync(join(kept, own))) execFileSync('cp', ['-al', join(kept, own), caches])
    if (existsSync(made)) execFileSync('cp', ['-al', made, join(caches, 'bundles')])
    await buildSite({ ...options, cache: true })
    if (!existsSync(made)) renameSync(join(caches, 'bundles'), made)
  } finally {
    rmSync(caches, { recursive: true, force: true })
    renameSync(kept, caches)
  }
}

interface Row {
  name: string
  /** Changes the sources, or returns the flags and environment of the rebuild and the clean build. */
  change: () => Flags | void
  /** The change cannot show in the output (check says what the rebuild must do instead). */
  unseen?: true
  /** What else the row asserts once both builds are done, given what the rebuild printed. */
  check?: (stdout: string) => void
}


/**
 * The rebuild after an edit to a post's body alone renders no page: the new body goes into the page
 * as written. The paragraphs the rows add keep each post's reading time (a minute a 220 words): a
 * body that passes a minute changes the post's data, shown on its page and its lists, which then
 * render (the shipped German introduction has 874 words: a seven-word paragraph renders six pages).
 */
const bodyOnly = (stdout: string) => expect(stdout).toMatch(/✓ prerender .* 0 pages rendered .*, \d+ with only a new body/)

/**
 * That the rebuild's --explain says every entry of `cache` missed because `input` changed (with
 * the change the last row undid, whichever it was).
 */
const missedFor = (stdout: string, cache: string, input: string) =>
  expect(stdout).toMatch(new RegExp(`^\\s*${cache}: (?:miss|0 hit, [1-9]\\d* miss) \\((?:[^()]*, )?${input}(?:, [^()]*)? changed\\)$`, 'm'))

/** German posts of the shipped posts/de/: a translation with a slug of its own, and one by its original's file name. */
const GERMAN = 'de/netzwerkrichtlinien-aus-echtem-datenverkehr.md'
const SAME_NAME = 'introducing-ai-agents-that-secure-kubernetes.md'
/** The German copy's footer status in the fixture's config (locales' copy, site.config.ts's german). */
const GERMAN_STATUS = 'Alle Systeme geprüft'

/** What a second locale adds: its posts, their links to their originals, its copy in the config. */
const localeRows = ({ posts, config }: Paths): Row[] => [
  { name: "a German post's body", change: () => edit(join(posts, GERMAN), (text) => `${text}\nEin Absatz, vom Test hinzugefügt.\n`), check: bodyOnly },
  { name: "a German post's title", change: () => edit(join(posts, GERMAN), (text) => text.replace(/^title: .*$/m, 'title: "Vom Test umbenannt"')) },
  {
    name: 'a German translation added (the file name of its English original)',
    change: () => write(join(posts, 'de', 'pod-security-admission-in-practice.md'), post('Pod Security Admission in der Praxis', '2025-02-20')),
  },
  { name: 'a German-only post added', change: () => write(join(posts, 'de', 'nur-auf-deutsch.md'), post('Nur auf Deutsch', '2025-09-10')) },
  { name: 'a German post deleted', change: () => remove(join(posts, GERMAN)) },
  { name: "the German copy in the config (a locale's copy)", change: () => edit(config, (text) => text.replace(GERMAN_STATUS, 'Einige Systeme gestört')) },
  {
    name: 'an English original renamed (slug, redirectFrom), its German translation linked by the same file name',
    change: () => edit(join(posts, SAME_NAME), (text) => text.replace(/\n---\n/, '\nslug: introducing-our-platform\nredirectFrom: /blog/introducing-ai-agents-that-secure-kubernetes/\n---\n')),
  },
]

/** Every input a writer or CI changes, on any site; the last row is the day's. */
const rows = ({ posts, tool, config, dist }: Paths, edited: Edited): Row[] => [
  { name: "a post's body", change: () => edit(join(posts, edited.file), (text) => `${text}\nA paragraph added by the incremental test.\n`), check: bodyOnly },
  {
    // No page shows the day (the legal pages show their documents' dates, the footer the config's
    // year): none renders, after the body's row either (its body put back is only a new body). A
    // page that showed it would render again by its data (pagePlan.test.ts).
    name: 'the next day, no post scheduled for it',
    change: () => {
      // Dated the day at UTC+14, the scheduled post may be due the next day at UTC-12: moved on.
      edit(join(posts, `${SCHEDULED}.md`), (text) => text.replace(/^date: .*$/m, 'date: 2099-12-31'))
      return { env: movedClock(1) }
    },
    unseen: true,
    check: (stdout) => expect(stdout).toMatch(/✓ prerender .* 0 pages rendered /),
  },
  { name: "a post's title", change: () => edit(join(posts, edited.file), (text) => text.replace(/^title: .*$/m, 'title: "Retitled by the incremental test"')) },
  { name: "a post's tags", change: () => edit(join(posts, edited.file), (text) => text.replace(/^tags: .*$/m, 'tags: [network-security, incremental]')) },
  { name: "a post's date", change: () => edit(join(posts, edited.file), (text) => text.replace(/^date: .*$/m, 'date: 2025-11-30')) },
  { name: 'a post made a draft', change: () => edit(join(posts, edited.file), (text) => text.replace(/\n---\n/, '\ndraft: true\n---\n')) },
  {
    name: 'a post renamed, its old URL redirected (redirectFrom)',
    change: () => edit(join(posts, edited.file), (text) => text.replace(/\n---\n/, `\nslug: ${edited.slug}\nredirectFrom: /blog/${edited.file.replace(/\.md$/, '')}/\n---\n`)),
  },
  { name: 'a post deleted', change: () => remove(join(posts, edited.file)) },
  { name: 'a post added', change: () => write(join(posts, 'a-new-post.md'), post('A new post', '2025-09-09')) },
  {
    name: 'a VITE_ variable in .env',
    change: () => edit(join(tool, '.env'), (text) => text.replace('from .env', 'from .env, changed')),
  },
  {
    name: 'a VITE_ variable in the environment',
    change: () => ({ env: { [MARK]: 'from the environment' } }),
  },
  {
    name: 'tsconfig.json',
    // Class fields declared without a value (SearchUnavailable's reason) go once vite's transform reads this.
    change: () => edit(join(tool, 'tsconfig.json'), (text) => text.replace('"target": "ES2022",', '"target": "ES2022",\n    "useDefineForClassFields": false,')),
  },
  { name: 'the config (site.config.ts)', change: () => edit(config, (text) => text.replace('All systems checked', 'Some systems degraded')) },
  { name: 'a page component (pages/)', change: () => edit(join(tool, 'pages/_components/layout/Footer.tsx'), (text) => text.replace('{`© ${', '{`Copyright ${')) },
  { name: 'a stylesheet (styles/)', change: () => edit(join(tool, 'styles/_tokens.scss'), (text) => text.replace('--color-primary: #4f46e5;', '--color-primary: #4338ca;')) },
  { name: 'a public file (public/)', change: () => edit(join(tool, 'public/favicon.svg'), (text) => text.replace('stop-color="#06b6d4"', 'stop-color="#0891b2"')) },
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
  { name: '--base into the same dist/', change: () => ({ base: '/marketing/' }) },
  { name: '--drafts into the same dist/', change: () => ({ drafts: true }), check: () => expect(existsSync(join(dist, 'blog', DRAFT, 'index.html'))).toBe(true) },
  { name: '--noindex into the same dist/', change: () => ({ noindex: true }) },
  {
    // The cards are named by their key, which has the runtime: their names show the change.
    name: 'the runtime (a Node with another Unicode version)',
    change: () => ({ env: otherUnicode(), explain: true }),
    check: (stdout) => {
      for (const cache of ['bundle', 'posts', 'cards', 'svg verdicts']) missedFor(stdout, cache, 'runtime')
    },
  },
  {
    name: "the card renderer (the compiled CLI's card thread draws a wider band)",
    change: () => {
      edit(join(tool, 'cli/cards/renderCard.ts'), (text) => text.replace('const BAND = 14\n', 'const BAND = 20\n'))
      return { explain: true }
    },
    check: (stdout) => missedFor(stdout, 'cards', 'card renderer'),
  },
  {
    name: 'the day a scheduled post goes live',
    change: () => {
      expect(existsSync(join(dist, 'blog', SCHEDULED)), 'the post is scheduled until this row').toBe(false)
      return { env: AFTER }
    },
    check: () => expect(existsSync(join(dist, 'blog', SCHEDULED, 'index.html'))).toBe(true),
  },
]

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
    rows: (paths) => rows(paths, { file: 'least-privilege-network-policies-from-real-traffic.md', slug: 'least-privilege-network-policies' }),
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
      const [body, nextDay, ...rest] = rows(paths, { file: 'pod-security-admission-in-practice.md', slug: 'pod-security-admission' })
      // The German body's row follows the English one and the next day's, as the English follows
      // the baseline: its rebuild starts from an output of the same flags, bundle and data (the
      // English body put back), so no page renders. The day's row stays last.
      return [body!, nextDay!, ...localeRows(paths), ...rest]
    },
  },
]

for (const [at, fixture] of fixtures.entries()) {
  describe(fixture.name, () => {
    // Made by beforeAll, which a run of other tests (-t) skips; one a run that died left under the same process id goes first.
    const paths = sitePaths(join(tmpdir(), `kube-site-incremental-${process.pid}-${at}`))
    const { root, tool, posts, config, dist, cleanDir } = paths
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
      await buildSite({ out: dist, posts, config, tool, env: BEFORE })
      baseline = snapshot(dist)
      expect(readFileSync(join(dist, 'index.html'), 'utf8')).toContain('All systems checked (from .env)')
      expect(existsSync(join(dist, 'blog', DRAFT))).toBe(false)
    }, 180_000)
    // A copy of the tool is thousands of files: on a loaded two-core machine removing it took more
    // than the hooks' default 10 s (seen by two helpers, on main too), and the file failed after its tests passed.
    afterAll(() => rmSync(root, { recursive: true, force: true }), 120_000)

    for (const row of fixture.rows(paths)) {
      it(`incremental equals clean: ${row.name}`, { timeout: 180_000 }, async () => {
        try {
          const flags = row.change() ?? {}
          const options = { ...flags, posts, config, tool, env: { ...BEFORE, ...flags.env } }
          const { stdout } = await buildSite({ ...options, out: dist, quiet: false })
          await referenceBuild({ ...options, out: cleanDir }, bundles)
          const clean = snapshot(cleanDir)
          if (!row.unseen) expect(clean, 'the change shows in the output of a clean build').not.toEqual(baseline)
          expect(snapshot(dist), stdout).toEqual(clean)
          row.check?.(stdout)
        } finally {
          undo()
          rmSync(cleanDir, { recursive: true, force: true })
        }
      })
    }
  })
}
