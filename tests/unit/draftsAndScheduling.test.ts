import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadPost, loadPosts } from '../../cli/content/posts/loadPosts.ts'

// Which posts a build publishes (DECISIONS.md, the "Drafts and scheduling"): drafts and
// posts dated after the build day stay out unless --drafts; a date is the calendar day written.

const frontmatter = (extra: string, date = '2025-06-01') =>
  `---\ntitle: "T"\nexcerpt: "E"\nauthor: "A"\ndate: ${date}\ntags: [k8s]\n${extra}---\nBody.\n`

const dir = mkdtempSync(join(tmpdir(), 'kube-site-drafts-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const files: Record<string, string> = {
  'published-long-ago.md': frontmatter('', '2024-01-01'),
  'published-today.md': frontmatter('', '2025-06-01'),
  'explicitly-not-a-draft.md': frontmatter('draft: false\n', '2025-05-01'),
  'draft-from-the-past.md': frontmatter('draft: true\n', '2024-01-01'),
  'scheduled-tomorrow.md': frontmatter('', '2025-06-02'),
  'scheduled-draft.md': frontmatter('draft: true\n', '2026-01-01'),
}
for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source)

const slugs = async (includeDrafts: boolean, today = '2025-06-01') => (await loadPosts(dir, { includeDrafts, today })).map((post) => post.slug).sort()

describe('drafts and scheduled posts', () => {
  it('publishes posts dated up to the build day, and no draft', async () => {
    expect(await slugs(false)).toEqual(['explicitly-not-a-draft', 'published-long-ago', 'published-today'])
  })

  it('publishes everything with --drafts', async () => {
    expect(await slugs(true)).toEqual(Object.keys(files).map((name) => name.replace('.md', '')).sort())
  })

  it('publishes a scheduled post from its day on', async () => {
    expect(await slugs(false, '2025-06-02')).toContain('scheduled-tomorrow')
    expect(await slugs(false, '2099-01-01')).not.toContain('scheduled-draft')
  })
})

describe('frontmatter', () => {
  const problems = (source: string) => {
    const result = loadPost(source, 'p.md', 'posts/p.md')
    return 'problems' in result ? result.problems.map((problem) => problem.message) : []
  }

  it.each([
    ['draft: yes', 'draft must be true or false'],
    ['draft: "true"', 'draft must be true or false'],
  ])('rejects %s', (line, message) => {
    expect(problems(frontmatter(`${line}\n`))).toEqual([message])
  })

  it.each(['2025-06-01', '"2025-06-01"', "'2025-06-01'", '2025-06-01T23:30:00-08:00', '2025-06-01T00:30:00+14:00'])('reads date: %s as the day 2025-06-01', (date) => {
    const result = loadPost(frontmatter('', date), 'p.md', 'posts/p.md')
    expect('post' in result && result.post.date).toBe('2025-06-01')
  })

  it('leaves draft out to mean published', () => {
    const result = loadPost(frontmatter(''), 'p.md', 'posts/p.md')
    expect('post' in result && result.post.draft).toBe(false)
  })
})
