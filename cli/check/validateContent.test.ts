import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
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

  it('returns the config and the number of posts to publish when all is valid', async () => {
    const result = await validateContent({ configFile: `${repo}site.config.ts`, postsDir: `${repo}posts`, drafts: false, cwd: repo })
    expect(result.findings).toEqual([])
    expect(result.config?.brand.name).toBe('KubeGuard')
    expect(result.posts).toBeGreaterThan(0)
  })
})
