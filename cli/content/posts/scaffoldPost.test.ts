import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { KubeSiteError } from '../../errors.ts'
import { loadPost } from './loadPosts.ts'
import { postTemplate, scaffoldPost, slugFromTitle } from './scaffoldPost.ts'

let dirs: string[] = []
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  dirs = []
})
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kube-site-new-'))
  dirs.push(dir)
  return dir
}

describe('postTemplate', () => {
  it('is a post the build accepts, with what was asked for', () => {
    const source = postTemplate({ title: 'CI/CD: "secure" pipelines #1', author: "Jane O'Neil", tags: ['ci', 'a: b'], date: '2026-01-05' })
    const result = loadPost(source, 'ci-cd.md', 'posts/ci-cd.md')
    if (!('post' in result)) throw new Error(result.problems.map((problem) => problem.message).join('\n'))
    expect(result.post).toMatchObject({
      slug: 'ci-cd',
      title: 'CI/CD: "secure" pipelines #1',
      author: "Jane O'Neil",
      date: '2026-01-05',
      tags: ['ci', 'a: b'],
      draft: false,
    })
    expect(result.post.excerpt.length).toBeGreaterThan(20)
    expect(result.post.html).toContain('<h2 id="first-section">')
  })

  it('offers updated: commented out, which the build takes once filled in', () => {
    const source = postTemplate({ title: 'T', author: 'A', date: '2026-01-05' })
    expect(source).toContain('\n# updated: YYYY-MM-DD\n')
    const revised = loadPost(source.replace('# updated: YYYY-MM-DD', 'updated: 2026-02-01'), 't.md', 't.md')
    expect('post' in revised && revised.post.updated).toBe('2026-02-01')
  })

  it('shows the markup beyond GitHub\'s in a comment that never reaches the page, each example of which renders once taken out', () => {
    const source = postTemplate({ title: 'T', author: 'A', date: '2026-01-05' })
    const result = loadPost(source, 't.md', 't.md')
    if (!('post' in result)) throw new Error(result.problems.map((problem) => problem.message).join('\n'))
    expect(result.post.html).not.toMatch(/WARNING|rollout|netpol/)
    const note = /<!--[^\n]*\n([\s\S]*?)-->/.exec(source)![1]!
    const examples = note.replace(/ {2,}\S.*$/gm, '').replace(/```yaml.*/, '$&\na: 1\nb: 2\nc: 3\nd: 4\ne: 5\n```')
    const shown = loadPost(source.replace(/<!--[\s\S]*-->/, examples), 't.md', 't.md')
    if (!('post' in shown)) throw new Error(shown.problems.map((problem) => problem.message).join('\n'))
    expect(shown.post.html).toContain('<aside class="callout callout-warning"')
    expect(shown.post.html).toContain('<h2 id="rollout">')
    expect(shown.post.html).toContain('<figcaption class="code-title">netpol.yaml</figcaption>')
    expect(source).toContain('\n# Three or more sections get a table of contents; toc: false leaves it out\n')
  })

  it('writes draft: true when asked', () => {
    const result = loadPost(postTemplate({ title: 'T', author: 'A', date: '2026-01-05', draft: true }), 't.md', 't.md')
    expect('post' in result && result.post.draft).toBe(true)
  })
})

describe('slugFromTitle', () => {
  it.each([
    ['Hello', 'hello'],
    ['Zero Trust, Today!', 'zero-trust-today'],
    ['CI/CD pipelines', 'ci-cd-pipelines'],
    ['Sécurité réseau', 'securite-reseau'],
    ['日本語', ''],
  ])('%s → %s', (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug)
  })
})

describe('scaffoldPost', () => {
  it('writes posts/<slug>.md, creating the folder, with today as the date', async () => {
    const postsDir = join(tempDir(), 'posts')
    const { file, slug } = await scaffoldPost({ title: 'Hello World', author: 'KubeGuard Team', tags: ['a', ' b ', '', 'a'], postsDir, date: '2026-02-03' })
    expect(slug).toBe('hello-world')
    expect(file).toBe(join(postsDir, 'hello-world.md'))
    const source = readFileSync(file, 'utf8')
    expect(source).toContain('date: 2026-02-03\n')
    expect(source).toContain('tags: ["a", "b"]\n')
    expect(source).toContain('author: "KubeGuard Team"\n')
  })

  it('refuses to overwrite a post, and leaves it as it was', async () => {
    const postsDir = tempDir()
    writeFileSync(join(postsDir, 'hello.md'), 'mine')
    const error = await scaffoldPost({ title: 'Hello', author: 'A', postsDir, cwd: postsDir }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(KubeSiteError)
    expect(error).toMatchObject({ code: 'POST_EXISTS', message: 'already exists; it was left as it was', location: { file: 'hello.md' } })
    expect(readFileSync(join(postsDir, 'hello.md'), 'utf8')).toBe('mine')
  })

  it('writes posts/<slug>/index.md with --folder, and refuses a slug the other form already has', async () => {
    const postsDir = tempDir()
    const { file, slug } = await scaffoldPost({ title: 'With Screenshots', author: 'A', postsDir, folder: true })
    expect([file, slug]).toEqual([join(postsDir, 'with-screenshots', 'index.md'), 'with-screenshots'])
    const result = loadPost(readFileSync(file, 'utf8'), 'with-screenshots/index.md', 'posts/with-screenshots/index.md')
    expect('post' in result && result.post.slug).toBe('with-screenshots')
    const flat = await scaffoldPost({ title: 'With Screenshots', author: 'A', postsDir, cwd: postsDir }).catch((caught: unknown) => caught)
    expect(flat).toMatchObject({ code: 'POST_EXISTS', message: 'already exists as with-screenshots/index.md; it was left as it was' })
    expect(existsSync(join(postsDir, 'with-screenshots.md'))).toBe(false)
    writeFileSync(join(postsDir, 'flat.md'), 'mine')
    await expect(scaffoldPost({ title: 'Flat', author: 'A', postsDir, folder: true })).rejects.toMatchObject({ code: 'POST_EXISTS' })
    expect(existsSync(join(postsDir, 'flat'))).toBe(false)
  })

  it.each([
    [{ title: '   ' }, 'The post needs a title'],
    [{ title: '日本語' }, '"日本語" gives no usable file name'],
    [{ title: 'x', slug: 'Not A Slug' }, '--slug "Not A Slug" is not a valid slug'],
    [{ title: 'x', author: ' ' }, 'The author is empty'],
    [{ title: 'Tags' }, `"Tags" gives the slug "tags", which is reserved: /blog/tags/ is a folder of the blog's own pages`],
    [{ title: 'x', slug: 'page' }, `--slug "page" is reserved: /blog/page/ is a folder of the blog's own pages`],
  ])('says what is wrong with %o', async (options, message) => {
    const postsDir = tempDir()
    await expect(scaffoldPost({ author: 'A', postsDir, ...options })).rejects.toMatchObject({ code: 'INVALID_OPTION', message })
    expect(existsSync(join(postsDir, 'x.md'))).toBe(false)
  })
})
