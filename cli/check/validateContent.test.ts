import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, onTestFinished } from 'vitest'
import { validateContent } from './validateContent.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const content = (path: string) => fileURLToPath(new URL(`../content/${path}`, import.meta.url))

describe('validateContent', () => {
  it('reports every config problem in one run, then, once the config loads, every post problem', async () => {
    const broken = await validateContent({ configFile: content('config/__fixtures__/configs/bad.config.ts'), postsDir: content('posts/__fixtures__/posts-broken'), drafts: false, cwd: repo })
    expect(broken.config).toBeUndefined()
    expect(broken.posts).toBeUndefined()
    const at = 'cli/content/'
    // The config says which folder of posts/ is which language's: the posts wait for it, as in a build.
    expect(broken.findings.map(({ severity, code, file, line, column }) => [severity, code, file, line, column])).toEqual([
      ['error', 'CONFIG_INVALID', `${at}config/__fixtures__/configs/bad.config.ts`, 7, 27],
      ['error', 'CONFIG_INVALID', `${at}config/__fixtures__/configs/bad.config.ts`, expect.any(Number), expect.any(Number)],
      ['error', 'CONFIG_INVALID', `${at}config/__fixtures__/configs/bad.config.ts`, expect.any(Number), expect.any(Number)],
    ])
    expect(broken.findings[0]?.message).toBe(`${at}config/__fixtures__/configs/bad.config.ts:7:27 site.url: must be an absolute http(s) URL`)

    const result = await validateContent({ configFile: `${repo}site.config.ts`, postsDir: content('posts/__fixtures__/posts-broken'), drafts: false, cwd: repo })
    expect(result.posts).toBeUndefined()
    expect(result.findings.map(({ severity, code, file, line, column }) => [severity, code, file, line, column])).toEqual([
      ['error', 'POST_INVALID', `${at}posts/__fixtures__/posts-broken/bad-date.md`, 5, 7],
      ['error', 'POST_INVALID', `${at}posts/__fixtures__/posts-broken/missing-fields.md`, 6, 1],
      ['error', 'POST_INVALID', `${at}posts/__fixtures__/posts-broken/missing-fields.md`, 5, 7],
      ['error', 'POST_INVALID', `${at}posts/__fixtures__/posts-broken/typo-key.md`, 6, 1],
      ['error', 'POST_INVALID', `${at}posts/__fixtures__/posts-broken/yaml-error.md`, 7, 1],
      ['error', 'POST_INVALID', `${at}posts/__fixtures__/posts-broken/duplicate.md`, 7, 7],
    ])
    expect(result.findings[0]).toMatchObject({
      message: `${at}posts/__fixtures__/posts-broken/bad-date.md:5:7 date "2025-13-45" is not a valid date (use YYYY-MM-DD)`,
      hint: 'date: 2025-03-18',
      frame: expect.stringContaining('> 5 | date: 2025-13-45'),
    })
  })

  it('reports a missing config file, and a missing posts folder, as findings too', async () => {
    const result = await validateContent({ configFile: `${repo}nowhere.config.ts`, postsDir: `${repo}no-posts`, drafts: false, cwd: repo })
    expect(result.findings.map(({ code, message }) => [code, message])).toEqual([['CONFIG_NOT_FOUND', 'Site config nowhere.config.ts not found']])
    const noPosts = await validateContent({ configFile: `${repo}site.config.ts`, postsDir: `${repo}no-posts`, drafts: false, cwd: repo })
    expect(noPosts.findings.map(({ code, message }) => [code, message])).toEqual([['POSTS_DIR_NOT_FOUND', 'Posts folder no-posts not found']])
  })

  it('lists the posts scheduled for a later day (not drafts), soonest first, whatever --drafts says', async () => {
    const postsDir = `${repo}tests/browser/__fixtures__/blog-site/posts`
    const scheduled = [{ file: 'tests/browser/__fixtures__/blog-site/posts/scheduled-post.md', slug: 'scheduled-post', title: 'A post scheduled for 2099', date: '2099-01-01' }]
    for (const drafts of [false, true]) {
      const result = await validateContent({ configFile: `${repo}site.config.ts`, postsDir, drafts, cwd: repo })
      expect(result.scheduled).toEqual(scheduled)
      expect(result.posts).toBe(drafts ? 15 : 13)
    }
    const earlier = await validateContent({ configFile: `${repo}site.config.ts`, postsDir, drafts: false, cwd: repo, today: '2099-01-01' })
    expect([earlier.scheduled, earlier.posts]).toEqual([[], 14])
  })

  it('reports an update after its today and a control character as the build does, at their line and column', async () => {
    const root = mkdtempSync(join(tmpdir(), 'kube-site-validate-'))
    onTestFinished(() => rmSync(root, { recursive: true, force: true }))
    mkdirSync(join(root, 'posts'))
    const frontmatter = (extra: string) => `---\ntitle: "T"\nexcerpt: "E"\nauthor: "A"\ndate: 2025-01-05\ntags: [k8s]\n${extra}---\n`
    writeFileSync(join(root, 'posts', 'later.md'), `${frontmatter('updated: 2052-06-03\n')}Body\n`)
    writeFileSync(join(root, 'posts', 'bell.md'), `${frontmatter('')}Ring \u0007 and &#x85;\n`)
    writeFileSync(join(root, 'posts', 'escape.md'), `${frontmatter('').replace('"E"', '"E\\x1b[2J"')}Body\n`)
    const check = (today: string) => validateContent({ configFile: `${repo}site.config.ts`, postsDir: join(root, 'posts'), drafts: false, cwd: root, today })
    expect((await check('2026-11-27')).findings.filter(({ severity }) => severity === 'error').map(({ severity, code, message }) => [severity, code, message])).toEqual([
      ['error', 'POST_INVALID', 'posts/bell.md:8:6 holds the control character U+0007 (BEL)'],
      ['error', 'POST_INVALID', 'posts/escape.md:3:10 excerpt holds the control character U+001B (ESC)'],
      ['error', 'POST_INVALID', 'posts/later.md:7:10 updated 2052-06-03 is after today, 2026-11-27: a post cannot have changed on a day still to come'],
    ])
    // Its today decides, as the build's does.
    expect((await check('2052-06-03')).findings.map(({ message }) => message)).not.toContainEqual(expect.stringContaining('posts/later.md'))
  })

  it('returns the config and the number of posts to publish when all is valid', async () => {
    const result = await validateContent({ configFile: `${repo}site.config.ts`, postsDir: `${repo}posts`, drafts: false, cwd: repo })
    expect(result.findings).toEqual([])
    expect(result.config?.brand.name).toBe('KubeGuard')
    expect(result.posts).toBeGreaterThan(0)
  })

  it("lists the interface strings a site in a language without a catalog shows in English, and still passes", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'kube-site-ui-'))
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }))
    writeFileSync(
      join(folder, 'site.config.ts'),
      `import config from '${repo}site.config.ts'\nexport default { ...config, site: { ...config.site, language: 'nl' }, ui: { backToBlog: 'Terug naar de blog' } }\n`,
    )
    const result = await validateContent({ configFile: join(folder, 'site.config.ts'), postsDir: `${repo}posts`, drafts: false, cwd: folder })
    const fallbacks = result.findings.filter((found) => found.code === 'UI_STRING_FALLBACK')
    expect(fallbacks.length).toBeGreaterThan(50)
    expect(fallbacks.every((found) => found.severity === 'warning' && found.file === 'site.config.ts')).toBe(true)
    expect(fallbacks.map((found) => found.message)).toContain('ui.next shows in English, "Next": kube-site ships no Dutch catalog (site.language is "nl")')
    expect(fallbacks.some((found) => found.message.startsWith('ui.backToBlog '))).toBe(false)
    expect(result.findings.filter((found) => found.severity === 'error')).toEqual([])
  })
})

describe('validateContent, a site of two locales', () => {
  const post = (title: string, extra = '') => `---\ntitle: "${title}"\nexcerpt: "E"\nauthor: "A"\ndate: 2025-01-05\ntags: [k8s]\n${extra}---\nBody.\n`
  /** A site in a temporary folder: its config (the repo's, with `locales`) and `posts` by their path. */
  function site(locales: string, posts: Record<string, string>) {
    const dir = mkdtempSync(join(tmpdir(), 'kube-site-check-locales-'))
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
    const configFile = join(dir, 'site.config.ts')
    writeFileSync(configFile, `import site from ${JSON.stringify(join(repo, 'site.config.ts'))}\nexport default { ...site, locales: ${locales} }\n`)
    for (const [name, text] of Object.entries(posts)) {
      mkdirSync(join(dir, 'posts', name, '..'), { recursive: true })
      writeFileSync(join(dir, 'posts', name), text)
    }
    return { configFile, postsDir: join(dir, 'posts'), drafts: false, cwd: dir }
  }

  it("lists each copy string and interface string a locale shows in the default's language, as warnings", async () => {
    const options = site(`[{ code: 'de', copy: { hero: { title: 'Sicherheit' }, nav: { platform: [{ label: 'Netzwerk' }] } } }, { code: 'pt', ui: { next: 'Próximo' } }]`, { 'a.md': post('A'), 'de/a.md': post('A') })
    const result = await validateContent(options)
    const copy = result.findings.filter((found) => found.code === 'COPY_FALLBACK')
    const german = copy.filter((found) => found.message.startsWith('de: ')).map((found) => found.message)
    expect(german).toContain('de: hero.tagline (falls back to English)')
    expect(german).toContain('de: nav.platform[1].label (falls back to English)')
    expect(german).not.toContain('de: legal.privacyPolicy.pdf (falls back to English)')
    // What the copy gives, and what is not copy (links, images' paths), is not listed.
    expect(german).not.toContain('de: hero.title (falls back to English)')
    expect(german).not.toContain('de: nav.platform[0].label (falls back to English)')
    expect(german.some((message) => /href|src|logo|links\./.test(message))).toBe(false)
    expect(copy.find((found) => found.message === 'de: hero.tagline (falls back to English)')).toMatchObject({ severity: 'warning', file: 'site.config.ts', hint: 'Translate it in site.config.ts: locales[0].copy.hero.tagline.' })
    // Portuguese has no catalog: its strings but the one its ui gives show in English; German's catalog has them all.
    const ui = result.findings.filter((found) => found.code === 'UI_STRING_FALLBACK').map((found) => found.message)
    expect(ui.filter((message) => message.startsWith('de: '))).toEqual([])
    expect(ui).toContain('pt: locales[1].ui.backToBlog shows in English, "Back to Blog": kube-site ships no Portuguese catalog')
    expect(ui.some((message) => message.startsWith('pt: locales[1].ui.next '))).toBe(false)
    expect(result.findings.filter((found) => found.severity === 'error')).toEqual([])
    expect(result.posts).toBe(2)
  })

  it("warns of a translation that names its renamed original by the old slug, at its line, with the slug to write; the check passes", async () => {
    const result = await validateContent(site(`[{ code: 'de' }]`, { 'zero-trust-networking.md': post('A', 'redirectFrom: [/blog/zero-trust/]\n'), 'de/null-vertrauen.md': post('B', 'translationOf: zero-trust\n') }))
    const found = result.findings.filter((finding) => finding.code === 'TRANSLATION_OF_OLD_SLUG')
    expect(found).toEqual([
      expect.objectContaining({
        severity: 'warning',
        file: 'posts/de/null-vertrauen.md',
        line: 7,
        column: 16,
        message: 'posts/de/null-vertrauen.md:7:16 translationOf "zero-trust" is the old slug of "zero-trust-networking" (renamed; its redirectFrom keeps the old URL)',
        hint: 'Write translationOf: zero-trust-networking. The translation is linked to it either way, but the old slug names it only while its redirectFrom keeps /blog/zero-trust/.',
      }),
    ])
    expect(result.findings.filter((finding) => finding.severity === 'error')).toEqual([])
    // Named by its slug now, nothing to say.
    const current = await validateContent(site(`[{ code: 'de' }]`, { 'zero-trust-networking.md': post('A', 'redirectFrom: [/blog/zero-trust/]\n'), 'de/null-vertrauen.md': post('B', 'translationOf: zero-trust-networking\n') }))
    expect(current.findings.filter((finding) => finding.code === 'TRANSLATION_OF_OLD_SLUG')).toEqual([])
  })

  it("reports a translation of no post, and a folder of posts in no locale, as the build does", async () => {
    const broken = await validateContent(site(`[{ code: 'de' }]`, { 'a.md': post('A'), 'de/b.md': post('B', 'translationOf: c\n') }))
    expect(broken.findings.filter((found) => found.severity === 'error').map(({ code, message }) => [code, message])).toEqual([['POST_INVALID', 'posts/de/b.md:7:16 translationOf "c" names no post of posts/']])
    const unknown = await validateContent(site(`[{ code: 'de' }]`, { 'a.md': post('A'), 'fr/b.md': post('B') }))
    expect(unknown.findings.filter((found) => found.severity === 'error').map(({ code, message }) => [code, message])).toEqual([['POSTS_LOCALE_UNKNOWN', "posts/fr/ no locale 'fr' in site.config.ts locales"]])
  })

  it("checks each locale's old URLs in its own blog, as the build writes them: the same path in German is /de/…, no clash", async () => {
    const options = site(`[{ code: 'de' }]`, { 'a.md': post('A', 'redirectFrom: [/blog/old/]\n'), 'de/a.md': post('A', 'redirectFrom: [/blog/old/]\n'), 'de/b.md': post('B', 'redirectFrom: [/blog/old/]\n') })
    const clash = await validateContent(options)
    expect(clash.findings.filter((found) => found.severity === 'error').map(({ code, message }) => [code, message])).toEqual([
      ['POST_INVALID', 'posts/de/b.md:7:15 old URL /blog/old/ is also redirected by posts/de/a.md:7:15 (to /de/blog/a/)'],
    ])
    rmSync(join(options.postsDir, 'de', 'b.md'))
    const result = await validateContent(options)
    expect(result.findings.filter((found) => found.severity === 'error')).toEqual([])
    expect(result.posts).toBe(2)
  })
})
