import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, onTestFinished } from 'vitest'
import { validateContent } from './validateContent.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const content = (path: string) => fileURLToPath(new URL(`../content/__fixtures__/${path}`, import.meta.url))

describe('validateContent', () => {
  it('reports every config problem and every post problem in one run', async () => {
    const result = await validateContent({ configFile: content('configs/bad.config.ts'), postsDir: content('posts-broken'), drafts: false, cwd: repo })
    expect(result.config).toBeUndefined()
    expect(result.posts).toBeUndefined()
    const at = 'cli/content/__fixtures__/'
    expect(result.findings.map(({ severity, code, file, line, column }) => [severity, code, file, line, column])).toEqual([
      ['error', 'CONFIG_INVALID', `${at}configs/bad.config.ts`, 7, 27],
      ['error', 'CONFIG_INVALID', `${at}configs/bad.config.ts`, expect.any(Number), expect.any(Number)],
      ['error', 'CONFIG_INVALID', `${at}configs/bad.config.ts`, expect.any(Number), expect.any(Number)],
      ['error', 'POST_INVALID', `${at}posts-broken/bad-date.md`, 5, 7],
      ['error', 'POST_INVALID', `${at}posts-broken/missing-fields.md`, 6, 1],
      ['error', 'POST_INVALID', `${at}posts-broken/missing-fields.md`, 5, 7],
      ['error', 'POST_INVALID', `${at}posts-broken/typo-key.md`, 6, 1],
      ['error', 'POST_INVALID', `${at}posts-broken/yaml-error.md`, 7, 1],
      ['error', 'POST_INVALID', `${at}posts-broken/duplicate.md`, 7, 7],
    ])
    const [url, , , date] = result.findings
    expect(url?.message).toBe(`${at}configs/bad.config.ts:7:27 site.url: must be an absolute http(s) URL`)
    expect(date).toMatchObject({
      message: `${at}posts-broken/bad-date.md:5:7 date "2025-13-45" is not a valid date (use YYYY-MM-DD)`,
      hint: 'date: 2025-03-18',
      frame: expect.stringContaining('> 5 | date: 2025-13-45'),
    })
  })

  it('reports a missing config file and a missing posts folder as findings too', async () => {
    const result = await validateContent({ configFile: `${repo}nowhere.config.ts`, postsDir: `${repo}no-posts`, drafts: false, cwd: repo })
    expect(result.findings.map(({ code, message }) => [code, message])).toEqual([
      ['CONFIG_NOT_FOUND', 'Site config nowhere.config.ts not found'],
      ['POSTS_DIR_NOT_FOUND', 'Posts folder no-posts not found'],
    ])
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
    expect((await check('2026-11-27')).findings.map(({ severity, code, message }) => [severity, code, message])).toEqual([
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
