import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { KubeSiteError } from '../../errors.ts'
import { formatError } from '../../reportError.ts'
import { MAX_NESTING } from '../markdown/markdownLimits.ts'
import { isPostFile, listPostFiles, loadPost, loadPostResults, loadPosts, renderBodies, slugFromFileName, summarizePostFiles, type Loaded } from './loadPosts.ts'
import { openPostCacheIn, type PostCache } from '../../incremental/posts/postCache.ts'

const repo = fileURLToPath(new URL('../../..', import.meta.url))
const broken = fileURLToPath(new URL('./__fixtures__/posts-broken', import.meta.url))

const post = (frontmatter: string, body = 'Hello **world**.') => `---\n${frontmatter.trim()}\n---\n${body}\n`
const valid = `title: "T"\nexcerpt: "E"\nauthor: "A"\ndate: 2025-01-05\ntags: [k8s]`

let dirs: string[] = []
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  dirs = []
})
function postsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'kube-site-posts-'))
  dirs.push(dir)
  for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source)
  return dir
}

describe('loadPosts', () => {
  it('reports every broken post in one error, each with file:line:column', async () => {
    const error = (await loadPosts(broken, { cwd: repo }).catch((caught: unknown) => caught)) as KubeSiteError
    expect(error).toBeInstanceOf(KubeSiteError)
    expect(error.code).toBe('POSTS_INVALID')
    expect(error.message).toBe('5 posts have problems')
    const at = 'cli/content/posts/__fixtures__/posts-broken/'
    expect(error.problems.map((problem) => [formatLocation(problem), problem.message])).toEqual([
      [`${at}bad-date.md:5:7`, 'date "2025-13-45" is not a valid date (use YYYY-MM-DD)'],
      [`${at}missing-fields.md:6:1`, 'author is required'],
      [`${at}missing-fields.md:5:7`, 'tags must be a list, like [kubernetes, security]'],
      [`${at}typo-key.md:6:1`, 'unknown frontmatter key "tag" (did you mean tags?)'],
      [`${at}yaml-error.md:7:1`, 'YAML syntax error in the frontmatter: unexpected end of the stream within a flow collection'],
      [`${at}duplicate.md:7:7`, `slug "good" is already used by ${at}good.md`],
    ])
  })

  it('prints a hint and a code frame under a problem', async () => {
    const error = await loadPosts(broken, { cwd: repo }).catch((caught: unknown) => caught)
    const text = formatError(error)
    expect(text).toContain('bad-date.md:5:7 date "2025-13-45" is not a valid date (use YYYY-MM-DD)')
    expect(text).toContain('> 5 | date: 2025-13-45')
    expect(text).toContain('hint: date: 2025-03-18')
  })

  it('sorts newest first and keeps the calendar day as written', async () => {
    const dir = postsDir({
      'older.md': post(valid.replace('2025-01-05', '2024-12-31')),
      'newer.md': post(valid.replace('2025-01-05', '"2025-02-01"')),
      'same-day.md': post(valid.replace('"T"', '"A first"').replace('2025-01-05', '2025-02-01T23:30:00-08:00')),
    })
    const posts = await loadPosts(dir, { today: '2026-01-01' })
    expect(posts.map((p) => [p.slug, p.date])).toEqual([
      ['same-day', '2025-02-01'],
      ['newer', '2025-02-01'],
      ['older', '2024-12-31'],
    ])
  })

  it('leaves out drafts and scheduled posts unless asked', async () => {
    const dir = postsDir({
      'published.md': post(valid),
      'draft.md': post(`${valid}\ndraft: true`),
      'scheduled.md': post(valid.replace('2025-01-05', '2025-06-02')),
    })
    const slugs = async (includeDrafts: boolean) =>
      (await loadPosts(dir, { today: '2025-06-01', includeDrafts })).map((p) => p.slug).sort()
    expect(await slugs(false)).toEqual(['published'])
    expect(await slugs(true)).toEqual(['draft', 'published', 'scheduled'])
  })

  it('says which folder is missing', async () => {
    await expect(loadPosts(join(repo, 'no-such-posts'), { cwd: repo })).rejects.toThrow('Posts folder no-such-posts not found')
  })
})

describe('loadPost', () => {
  it('computes readTime from the text when the frontmatter leaves it out', () => {
    const words = Array.from({ length: 1000 }, () => 'word').join(' ')
    const result = loadPost(post(valid, words), 'x.md', 'posts/x.md')
    expect('post' in result && result.post.readTime).toBe('5 min read')
    const given = loadPost(post(`${valid}\nreadTime: "9 min read"`, words), 'x.md', 'posts/x.md')
    expect('post' in given && given.post.readTime).toBe('9 min read')
  })

  it('renders sanitized HTML', () => {
    const result = loadPost(post(valid, '# Title\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>'), 'x.md', 'posts/x.md')
    if (!('post' in result)) throw new Error('expected a post')
    expect(result.post.html).not.toMatch(/<script|onerror|javascript:/)
  })

  it('asks for frontmatter when there is none', () => {
    const result = loadPost('Just text', 'x.md', 'posts/x.md')
    expect('problems' in result && result.problems[0]?.message).toBe('has no frontmatter')
  })

  it.each([
    ['title: ""', 'title must not be empty'],
    ['draft: "yes"', 'draft must be true or false'],
    ['image: "images/a.png"', "image must be an absolute URL, a path starting with '/' (a file in public/) or './' (a file beside the post)"],
    ['slug: "Not A Slug"', 'slug must be lowercase letters, digits and dashes, like my-post'],
    [`slug: ${'a'.repeat(201)}`, 'slug must be at most 200 characters'],
    ['date: 2025-02-30', 'date "2025-02-30" is not a valid date (use YYYY-MM-DD)'],
    ['tags: [ok, 3]', 'tags[1] must be text'],
    [`tags: [ok, ${'A'.repeat(101)}]`, `tags[1] "${'A'.repeat(40)}…" is too long: its page's URL segment would be 101 characters, over 100`],
    [`author: "${'Jane Doe '.repeat(15)}"`, `author "${'Jane Doe '.repeat(5).slice(0, 40)}…" is too long: its page's URL segment would be 134 characters, over 100`],
    ['redirectFrom: blog/old/', `redirectFrom "blog/old/" must be a path on this site starting with '/', like /blog/old-post/`],
    ['redirectFrom: [/blog/a/, "/blog/b?x=1"]', 'redirectFrom[1] "/blog/b?x=1" must be a path alone, without ?query or #fragment (a redirect keeps those of the URL visited)'],
    ['redirectFrom: [/blog/a/, "https://old.example/b/"]', `redirectFrom[1] "https://old.example/b/" must be a path on this site starting with '/', like /blog/old-post/`],
    ['redirectFrom: {a: 1}', 'redirectFrom must be a path like /blog/old-post/, or a list of them'],
  ])('rejects %s', (line, message) => {
    const key = line.split(':')[0]!
    const frontmatter = valid.split('\n').filter((l) => !l.startsWith(`${key}:`)).concat(line).join('\n')
    const result = loadPost(post(frontmatter), 'x.md', 'posts/x.md')
    expect('problems' in result && result.problems.map((problem) => problem.message)).toEqual([message])
  })
})

describe('tags and authors', () => {
  it('a tag or an author whose URL segment fits in 100 characters is taken', () => {
    const result = loadPost(post(`${valid.replace('tags: [k8s]', `tags: [${'a'.repeat(100)}]`)}\nauthor: "${'b'.repeat(100)}"`.replace('author: "A"\n', '')), 'x.md', 'posts/x.md')
    expect('post' in result && [result.post.tags[0]?.length, result.post.author.length]).toEqual([100, 100])
  })
})

describe('redirectFrom', () => {
  it.each([
    ['redirectFrom: /blog/old-slug', ['/blog/old-slug/']],
    ['redirectFrom: [/blog/old-slug/, /blog/2019/old-slug.html, /blog/old-slug]', ['/blog/old-slug/', '/blog/2019/old-slug.html/']],
    ['redirectFrom:\n  - /Old Post\n  - /caf%C3%A9', undefined],
    ['redirectFrom:\n  - /Old%20Post\n  - /caf%C3%A9', ['/Old Post/', '/café/']],
    ['redirectFrom: []', []],
    ['readTime: "2 min read"', []],
  ])('%s → %j', (line, expected) => {
    const result = loadPost(post(`${valid}\n${line}`), 'x.md', 'posts/x.md')
    expect('post' in result ? result.post.redirectFrom : undefined).toEqual(expected)
  })

  it('a problem is at the key, with a frame and a hint', () => {
    const result = loadPost(post(`${valid}\nredirectFrom: [old/]`), 'x.md', 'posts/x.md')
    if (!('problems' in result)) throw new Error('expected a problem')
    const [problem] = result.problems
    expect(`${formatLocation(problem!)} ${problem!.message}`).toBe(`posts/x.md:7:15 redirectFrom[0] "old/" must be a path on this site starting with '/', like /blog/old-post/`)
    expect(problem!.frame).toContain('> 7 | redirectFrom: [old/]')
    expect(problem!.hint).toBe('redirectFrom: [/blog/old-slug/] (the paths the post was at, without the base)')
  })

  it('old URLs clashing across posts and the config are reported with every other problem, naming both', async () => {
    const dir = postsDir({
      'a.md': post(`${valid}\nredirectFrom: [/blog/old/]`),
      'b.md': post(`${valid}\nredirectFrom: /blog/old`),
      'broken.md': post(valid.replace('2025-01-05', '2025-13-01')),
    })
    const file = join(dir, 'site.config.ts')
    writeFileSync(file, "export default {\n  redirects: { '/blog/a': '/nowhere/' },\n}\n")
    const site = { config: { blog: { pageSize: 2 }, redirects: { '/blog/a/': '/nowhere/' } } as never, file }
    const error = (await loadPosts(dir, { cwd: dir, site }).catch((caught: unknown) => caught)) as KubeSiteError
    expect(error.message).toBe('2 posts and site.config.ts have problems')
    expect(error.problems.map((problem) => `${formatLocation(problem)} ${problem.message}`)).toEqual([
      'broken.md:5:7 date "2025-13-01" is not a valid date (use YYYY-MM-DD)',
      'b.md:7:15 old URL /blog/old/ is also redirected by a.md:7:15 (to /blog/a/)',
      'site.config.ts:2:17 old URL /blog/a/ is a page of the site (the post a.md): a redirect would hide it',
      'site.config.ts:2:17 redirect /blog/a/ → /nowhere/: /nowhere/ is not a page of the site',
    ])
    // With the config alone at fault.
    const alone = postsDir({ 'a.md': post(valid) })
    const config = join(alone, 'site.config.ts')
    writeFileSync(config, "export default { redirects: { '/a/': '/nowhere/' } }\n")
    const configOnly = { config: { blog: { pageSize: 2 }, redirects: { '/a/': '/nowhere/' } } as never, file: config }
    await expect(loadPosts(alone, { cwd: alone, site: configOnly })).rejects.toThrow('site.config.ts has problems')
  })
})

describe('updated', () => {
  it.each([
    ['updated: 2025-02-03', '2025-02-03'],
    ['updated: "2025-02-03T23:30:00-08:00"', '2025-02-03'],
    // The day of publication itself says nothing new: no "Updated" is shown.
    ['updated: 2025-01-05', undefined],
    ['readTime: "2 min read"', undefined],
  ])('%s → %s', (line, updated) => {
    const result = loadPost(post(`${valid}\n${line}`), 'x.md', 'posts/x.md')
    if (!('post' in result)) throw new Error(result.problems.map((problem) => problem.message).join('\n'))
    expect(result.post.updated).toBe(updated)
  })

  it.each([
    ['updated: 2025-02-30', 'posts/x.md:7:10 updated "2025-02-30" is not a valid date (use YYYY-MM-DD)', '> 7 | updated: 2025-02-30'],
    ['updated: 2025-01-04', "posts/x.md:7:10 updated 2025-01-04 is before the post's date 2025-01-05", '> 7 | updated: 2025-01-04'],
    ['updated: [2025-02-01]', 'posts/x.md:7:10 updated must be a date as YYYY-MM-DD', '> 7 | updated: [2025-02-01]'],
  ])('%s is a problem at its value, with a frame and a hint', (line, shown, framed) => {
    const result = loadPost(post(`${valid}\n${line}`), 'x.md', 'posts/x.md')
    if (!('problems' in result)) throw new Error('expected a problem')
    expect(result.problems.map((problem) => `${formatLocation(problem)} ${problem.message}`)).toEqual([shown])
    expect(result.problems[0]!.frame).toBe(`  6 | tags: [k8s]\n${framed}\n    |          ^\n  8 | ---`)
    expect(result.problems[0]!.hint).toBe("updated: 2025-04-02 (the day of the post's last real change: on or after its date; or leave it out)")
  })
})

describe('bad input', () => {
  it('a post with a UTF-8 byte-order mark builds exactly as without it', async () => {
    const source = post(valid, '# Héllo')
    const plain = await loadPosts(postsDir({ 'p.md': source }))
    const marked = await loadPosts(postsDir({ 'p.md': `\uFEFF${source}` }))
    expect(marked).toEqual(plain)
    expect(marked[0]?.title).toBe('T')
  })

  it('markdown past a limit is a problem of its post, at its line in the file', async () => {
    const dir = postsDir({ 'deep.md': post(valid, `Intro\n\n${'>'.repeat(5000)} x`), 'fine.md': post(valid) })
    const error = (await loadPosts(dir, { cwd: dir }).catch((caught: unknown) => caught)) as KubeSiteError
    expect(error.problems.map((problem) => `${formatLocation(problem)} ${problem.message}`)).toEqual([
      `deep.md:10:1 blocks are nested more than ${MAX_NESTING} levels deep (quotes or lists inside each other)`,
    ])
    expect(error.problems[0]?.hint).toBeTruthy()
  })

  it('a callout, fence or heading id it cannot read is a problem at its line and column in the file, with the line shown', async () => {
    const dir = postsDir({
      'a.md': post(valid, 'Intro\n\n> [!DANGER]\n> x'),
      'b.md': post(valid, '```yaml {3-x}\na\n```'),
      'c.md': post(valid),
      'd.md': post(valid, 'Intro\n\n## Title {#vike_pageContext}'),
      'e.md': post(valid, '- a\n- <p id="main">b</p>'),
    })
    const error = (await loadPosts(dir, { cwd: dir }).catch((caught: unknown) => caught)) as KubeSiteError
    const bodyStart = valid.split('\n').length + 3
    expect(error.problems.map((problem) => `${formatLocation(problem)} ${problem.message}`)).toEqual([
      `a.md:${bodyStart + 2}:3 "[!DANGER]" is not a callout type: the types are [!NOTE], [!TIP], [!IMPORTANT], [!WARNING], [!CAUTION]`,
      `b.md:${bodyStart}:10 in the code block's options: "3-x" is not a line or a range of lines`,
      `d.md:${bodyStart + 2}:10 the heading id "vike_pageContext" is taken by the page around the post`,
      `e.md:${bodyStart + 1}:6 the id "main" of this <p> is taken by the page around the post`,
    ])
    expect(error.problems[0]?.frame).toBe(`   ${bodyStart + 1} | \n> ${bodyStart + 2} | > [!DANGER]\n     |   ^\n  ${bodyStart + 3} | > x`)
  })

  it('anything the renderer throws is a problem that names the post, and the other posts still load', () => {
    const dir = postsDir({ 'a.md': post(valid), 'b.md': post(valid, 'boom'), 'c.md': post(valid) })
    const render = (markdown: string) => {
      if (markdown.includes('boom')) throw new TypeError('Cannot read properties of undefined')
      return markdown
    }
    // As a build renders them (in this thread or a post worker): summarized, then rendered.
    const { toRender } = summarizePostFiles({ dir, names: ['a.md', 'b.md', 'c.md'], cwd: dir, known: new Set() })
    const bodies = [...renderBodies(toRender, render)].map(([summary, body]) => [summary.post.sourceFile, 'html' in body ? 'html' : body.problems.map((p) => `${p.location?.file} ${p.message}`)])
    expect(bodies.sort()).toEqual([
      ['a.md', 'html'],
      ['b.md', ['b.md could not be rendered (TypeError: Cannot read properties of undefined)']],
      ['c.md', 'html'],
    ])
  })

  it('loadPostResults takes each post from the cache while its file is as stored, and renders and stores the others (the dev server starting)', async () => {
    const dir = postsDir({ 'a.md': post(valid), 'b.md': post('title: "No date"') })
    const stored = new Map<string, Loaded>()
    const cache = { get: (key: string) => stored.get(key), set: (key: string, loaded: Loaded) => void stored.set(key, loaded), unchanged: () => new Map(), noteFile: () => {} } as Partial<PostCache> as PostCache
    const first = await loadPostResults(dir, dir, cache)
    expect([...first.keys()]).toEqual(['a.md', 'b.md'])
    // A post with problems is never stored: it is read again, and reported again.
    expect([stored.size, 'problems' in first.get('b.md')!]).toEqual([1, true])
    const again = await loadPostResults(dir, dir, cache)
    expect(again.get('a.md')).toBe(first.get('a.md'))
    expect('problems' in again.get('b.md')!).toBe(true)

    writeFileSync(join(dir, 'a.md'), post(valid, 'Edited.'))
    const edited = (await loadPostResults(dir, dir, cache)).get('a.md')!
    expect(stored.size).toBe(2)
    expect('post' in edited && edited.post.html).toContain('<p>Edited.</p>')
  })

  it('a rebuild takes a post whose file has its recorded size and time from the cache without reading it; one changed in either is read', async () => {
    const dir = postsDir({ 'a.md': post(valid, 'One.'), 'b.md': post(valid.replace('"T"', '"U"'), 'Two.') })
    const cacheDir = postsDir({})
    const anHourAgo = new Date(Math.floor(Date.now() / 1000 - 3600) * 1000)
    utimesSync(join(dir, 'a.md'), anHourAgo, anHourAgo)
    utimesSync(join(dir, 'b.md'), anHourAgo, anHourAgo)
    const build = async () => {
      const posts = await loadPosts(dir, { cwd: dir, cache: openPostCacheIn(cacheDir, 'v1') })
      return posts.map((loaded) => loaded.html.trim()).sort()
    }
    expect(await build()).toEqual(['<p>One.</p>', '<p>Two.</p>'])
    // Another text of the same size, the time set back: only a read would see it.
    writeFileSync(join(dir, 'a.md'), post(valid, 'Uno.'))
    utimesSync(join(dir, 'a.md'), anHourAgo, anHourAgo)
    expect(await build()).toEqual(['<p>One.</p>', '<p>Two.</p>'])
    // A changed time, or a changed size, is read.
    utimesSync(join(dir, 'a.md'), new Date(anHourAgo.getTime() + 1000), new Date(anHourAgo.getTime() + 1000))
    writeFileSync(join(dir, 'b.md'), post(valid.replace('"T"', '"U"'), 'Three.'))
    expect(await build()).toEqual(['<p>Three.</p>', '<p>Uno.</p>'])
  })

  it('a file refused as it is read has no cache key, so the cache can never serve it', () => {
    const dir = postsDir({ 'latin.md': '' })
    writeFileSync(join(dir, 'latin.md'), Buffer.from(post(valid, 'Caf\xe9'), 'latin1'))
    const [outcome] = summarizePostFiles({ dir, names: ['latin.md'], cwd: dir, known: new Set(['']) }).outcomes
    expect(outcome?.key).toBe('')
    expect(outcome?.result && 'problems' in outcome.result && outcome.result.problems[0]?.message).toBe('is not valid UTF-8: byte 0xE9 at line 8')
  })

  it('runs no code from a ---js frontmatter, and says why the post is refused', () => {
    const result = loadPost('---js\n{ title: globalThis.ranFrontmatter = "T" }\n---\nBody\n', 'x.md', 'posts/x.md')
    expect((globalThis as { ranFrontmatter?: string }).ranFrontmatter).toBeUndefined()
    expect('problems' in result && result.problems[0]?.message).toBe('its frontmatter is marked "js": only YAML frontmatter is read')
  })

  it('a file name that gives no URL is a problem of its post', () => {
    const result = loadPost(post(valid), '日本語.md', 'posts/日本語.md')
    expect('problems' in result && result.problems[0]?.message).toBe('its file name gives no URL: it has no letter or digit a-z, 0-9')
    expect('post' in loadPost(post(`${valid}\nslug: japanese`), '日本語.md', 'posts/日本語.md')).toBe(true)
  })

  it.each(['page', 'tags', 'authors', 'search'])('the blog folder "%s" is no post\'s slug, from the file name or from slug:', (folder) => {
    const byName = loadPost(post(valid), `${folder[0]!.toUpperCase()}${folder.slice(1)}.md`, `posts/${folder}.md`)
    if (!('problems' in byName)) throw new Error('expected a problem')
    expect(byName.problems.map(({ message, location }) => [message, location])).toEqual([
      [`slug "${folder}" is reserved: /blog/${folder}/ is a folder of the blog's own pages`, { file: `posts/${folder}.md`, line: 1, column: 1 }],
    ])
    expect(byName.problems[0]!.hint).toMatch(/^Rename the file, or give the post a slug: in its frontmatter/)
    const bySlug = loadPost(post(`${valid}\nslug: ${folder}`), 'x.md', 'posts/x.md')
    if (!('problems' in bySlug)) throw new Error('expected a problem')
    const line = valid.split('\n').length + 2
    expect(bySlug.problems.map(({ location }) => location)).toEqual([{ file: 'posts/x.md', line, column: 7 }])
    expect(bySlug.problems[0]!.frame).toContain(`slug: ${folder}`)
    expect('post' in loadPost(post(`${valid}\nslug: ${folder}-guide`), 'x.md', 'posts/x.md')).toBe(true)
  })

  it('a posts folder that is a file is named', async () => {
    const dir = postsDir({ 'file.md': post(valid) })
    await expect(loadPosts(join(dir, 'file.md'), { cwd: dir })).rejects.toThrow('Posts folder file.md is a file, not a folder')
  })
})

describe('a frontmatter that would stall the build', () => {
  // The "billion laughs": nine levels of nine aliases, 9^9 strings once expanded. Parsed, each
  // level shares one list; a walk over the data that followed every alias took 147 s (issue 72).
  const laughs = (item: (level: string) => string) =>
    ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map((level, index) => `${item(level)}[${Array(9).fill(index === 0 ? '"lol"' : `*${'abcdefghi'[index - 1]}`).join(', ')}]`)
  const withoutTags = valid.replace('\ntags: [k8s]', '')
  // A test that would stall fails at its timeout instead.
  it.each([
    // Alias 17 is the eighth of level c, the third line of aliases: line 10, column 38 (or 9 and 37 in a - list).
    ['nine levels of aliases under an unknown key', post(`${valid}\nprobeBomb:\n${laughs((level) => `  ${level}: &${level} `).join('\n')}`), ['posts/x.md:10:38 the frontmatter has more than 16 aliases (*name): *b here is alias 17']],
    ['nine levels of aliases under tags:', post(`${withoutTags}\ntags:\n${laughs((level) => `  - &${level} `).join('\n')}`), ['posts/x.md:9:37 the frontmatter has more than 16 aliases (*name): *b here is alias 17']],
    // A walk that followed each alias never ended (the stack overflowed).
    ['a list that holds itself', post(`${valid}\nloop: &a [*a]`), ['posts/x.md:7:1 unknown frontmatter key "loop"']],
    // gray-matter looks for comment lines from each line through every blank line after it: 26 s for these.
    ['160,000 blank lines', post(`${valid}${'\n'.repeat(160_000)}\ndraft: false`), ['posts/x.md:1:1 the frontmatter is 160085 characters long, more than the 16384 it may have']],
  ])('%s: refused at its line', (_name, source, expected) => {
    const result = loadPost(source, 'x.md', 'posts/x.md')
    if (!('problems' in result)) throw new Error('expected a problem')
    expect(result.problems.map((problem) => `${formatLocation(problem)} ${problem.message}`)).toEqual(expected)
    expect(result.problems[0]!.hint).toBeTruthy()
  }, 10_000)

  it('says what to do: write the values out, or close the frontmatter', () => {
    const aliases = loadPost(post(`${valid}\nx: [${Array(17).fill('*t').join(', ')}]`.replace('tags: [k8s]', 'tags: &t [k8s]')), 'x.md', 'posts/x.md')
    const long = loadPost(`---\n${valid}\n${'Body text.\n'.repeat(2000)}`, 'x.md', 'posts/x.md')
    expect([aliases, long].map((result) => 'problems' in result && result.problems[0]!.hint)).toEqual([
      "Write the values out instead of repeating them with aliases: a post's frontmatter needs few or none, and aliases of aliases could repeat a value millions of times, which would stall the build.",
      "A frontmatter holds a post's title, excerpt, tags and the like: a few hundred characters. Is the line of --- that closes it missing? Long text goes in the body, below that line.",
    ])
  })

  it('a few aliases are read as before', () => {
    const result = loadPost(post(`${valid}\nlightImage: &cover /images/a.png\ndarkImage: *cover`), 'x.md', 'posts/x.md')
    expect('post' in result && [result.post.lightImage, result.post.darkImage]).toEqual(['/images/a.png', '/images/a.png'])
  })
})

describe('renderBodies', () => {
  it('renders newest first and takes each summary out of the list it is given, so none is held to the end', () => {
    const dated = (date: string, body: string) => post(valid.replace('2025-01-05', date), body)
    const dir = postsDir({ 'old.md': dated('2024-03-01', 'Old.'), 'new.md': dated('2025-06-01', 'New.'), 'mid.md': dated('2024-09-01', 'Mid.') })
    const { toRender } = summarizePostFiles({ dir, names: ['old.md', 'new.md', 'mid.md'], cwd: dir, known: new Set() })
    expect(toRender).toHaveLength(3)
    const bodies = renderBodies(toRender)
    const first = bodies.next()
    // Taken out before the first body is made: the generator alone holds the rest.
    expect(toRender).toEqual([])
    const rendered = [first.value!, ...bodies].map(([summary, body]) => [summary.post.slug, 'html' in body ? body.html.trim() : body])
    expect(rendered).toEqual([
      ['new', '<p>New.</p>'],
      ['mid', '<p>Mid.</p>'],
      ['old', '<p>Old.</p>'],
    ])
  })
})

describe('listPostFiles', () => {
  it("lists *.md and each folder's index.md, none hidden or starting with '_'", async () => {
    const dir = postsDir({ 'a.md': '', 'notes.txt': '', '_draft.md': '', '.hidden.md': '' })
    for (const folder of ['with-images', '_partials', '.git', 'no-index', 'shots']) mkdirSync(join(dir, folder))
    for (const file of ['with-images/index.md', 'with-images/other.md', '_partials/index.md', '.git/index.md', 'shots/a.png']) writeFileSync(join(dir, file), '')
    expect(await listPostFiles(dir)).toEqual(['a.md', 'with-images/index.md'])
    expect(['a.md', 'with-images/index.md', 'with-images/other.md', 'x/y/index.md', '_x/index.md'].map(isPostFile)).toEqual([true, true, false, false, false])
  })
})

describe('slugFromFileName', () => {
  it.each([
    ['zero-trust.md', 'zero-trust'],
    ['Zero Trust.md', 'zero-trust'],
    ['Über_Policies 2025.md', 'uber-policies-2025'],
    ['Zero Trust/index.md', 'zero-trust'],
    ['index.md', 'index'],
  ])('%s → %s', (file, slug) => expect(slugFromFileName(file)).toBe(slug))
})

function formatLocation(error: KubeSiteError): string {
  const { file, line, column } = error.location!
  return `${file}:${line}:${column}`
}

/** What building one post file `posts/x.md` on `today` says: `file:line:column message` of each problem, or the post's updated day and body. */
async function loadOne(source: string | Buffer, today = '2026-11-27'): Promise<string[] | { updated?: string; html: string }> {
  const root = mkdtempSync(join(tmpdir(), 'kube-site-one-'))
  dirs.push(root)
  mkdirSync(join(root, 'posts'))
  writeFileSync(join(root, 'posts', 'x.md'), source)
  try {
    const [loaded] = await loadPosts(join(root, 'posts'), { cwd: root, today, includeDrafts: true })
    return { updated: loaded!.updated, html: loaded!.html }
  } catch (error) {
    if (!(error instanceof KubeSiteError) || error.code !== 'POSTS_INVALID') throw error
    return error.problems.map((problem) => `${formatLocation(problem)} ${problem.message}`)
  }
}

describe('updated: after the build day', () => {
  // Built on 2026-11-27 (loadPosts' `today`, as the build passes its own).
  it.each([
    ['updated: 2026-11-27', { updated: '2026-11-27' }],
    ['updated: 2026-11-28', ['posts/x.md:7:10 updated 2026-11-28 is after today, 2026-11-27: a post cannot have changed on a day still to come']],
    ['updated: 2052-06-03', ['posts/x.md:7:10 updated 2052-06-03 is after today, 2026-11-27: a post cannot have changed on a day still to come']],
    ['updated: "2026-11-28T01:00:00+14:00"', ['posts/x.md:7:10 updated 2026-11-28 is after today, 2026-11-27: a post cannot have changed on a day still to come']],
    ['updated: 2025-01-04', ["posts/x.md:7:10 updated 2025-01-04 is before the post's date 2025-01-05"]],
  ])('%s', async (line, expected) => {
    const result = await loadOne(post(`${valid}\n${line}`))
    expect(Array.isArray(result) ? result : { updated: result.updated }).toEqual(expected)
  })

  it('a scheduled post may be updated on its own day; its update is no later than it', async () => {
    expect(await loadOne(post(`${valid.replace('2025-01-05', '2026-12-01')}\nupdated: 2026-12-01`))).toMatchObject({ updated: undefined })
    expect(await loadOne(post(`${valid.replace('2025-01-05', '2026-12-01')}\nupdated: 2026-12-02`))).toEqual([
      'posts/x.md:7:10 updated 2026-12-02 is after today, 2026-11-27: a post cannot have changed on a day still to come',
    ])
  })

  it('says what updated: is for, and that a later date: is how to schedule', async () => {
    const dir = postsDir({ 'x.md': post(`${valid}\nupdated: 2052-06-03`) })
    const error = (await loadPosts(dir, { cwd: dir, today: '2026-11-27' }).catch((caught: unknown) => caught)) as KubeSiteError
    expect(error.problems[0]!.hint).toBe("updated: is the day of the post's last real change: today or before (the day of the machine that builds). A later date: schedules a post; a later updated: schedules nothing.")
  })
})

describe('characters no post may hold', () => {
  // The frontmatter is lines 1-7 (title on 2, tags on 6); the body starts on line 8.
  const withTitle = (title: string) => post(valid.replace('title: "T"', `title: ${title}`))
  const withBody = (body: string) => post(valid, body)
  it.each([
    ['a tab', withBody('a\tb'), 'ok'],
    ['CRLF line endings', post(valid, 'a\nb').replace(/\n/g, '\r\n'), 'ok'],
    ['&#0; (the HTML parser makes it U+FFFD)', withBody('a &#0; b'), 'ok'],
    ['&#x7f; in a code span (shown as written)', withBody('`&#x7f;`'), 'ok'],
    ['a NUL in the body', withBody('ab\0c'), 'posts/x.md:8:3 holds a NUL byte (U+0000): it is not a text file'],
    ['a NUL in the frontmatter', withTitle('"T\0"'), 'posts/x.md:2:10 holds a NUL byte (U+0000): it is not a text file'],
    ['an ESC in the body', withBody('a\u001b[31mred'), 'posts/x.md:8:2 holds the control character U+001B (ESC)'],
    ['a form feed', withBody('a\fb'), 'posts/x.md:8:2 holds the control character U+000C (FF)'],
    ['a lone carriage return', withBody('a\rb'), 'posts/x.md:8:2 holds a carriage return (U+000D) that is not part of a CRLF line ending'],
    ['DEL', withBody('a\u007fb'), 'posts/x.md:8:2 holds the control character U+007F (DEL)'],
    ['a C1 control', withBody('a\u0085b'), 'posts/x.md:8:2 holds the control character U+0085 (NEL)'],
    ['a C1 control in the frontmatter', withTitle('"\u009b"'), 'posts/x.md:2:9 holds the control character U+009B'],
    ['a line separator', withBody('a\u2028b'), 'posts/x.md:8:2 holds the line separator U+2028'],
    ['a byte-order mark inside the text', withBody('a\uFEFFb'), 'posts/x.md:8:2 holds a byte-order mark (U+FEFF) inside the text'],
    ['a noncharacter', withBody('a\uFFFEb'), 'posts/x.md:8:2 holds the noncharacter U+FFFE'],
    ['a noncharacter past the first plane', withBody('a\u{10FFFF}b'), 'posts/x.md:8:2 holds the noncharacter U+10FFFF'],
    ['"\\x07" in a quoted YAML value', withTitle('"a\\x07b"'), 'posts/x.md:2:8 title holds the control character U+0007 (BEL)'],
    ['"\\0" in a list', post(valid.replace('tags: [k8s]', 'tags: [k8s, "a\\0"]')), 'posts/x.md:6:13 tags[1] holds the control character U+0000 (NUL)'],
    ['"\\0" in a - list', post(valid.replace('tags: [k8s]', 'tags:\n  - k8s\n  - "a\\0"')), 'posts/x.md:6:6 tags[1] holds the control character U+0000 (NUL)'],
    ['"\\0" in a list an alias repeats: once, where it is written', post(`${valid.replace('tags: [k8s]', 'tags: &t [k8s, "a\\0"]')}\nredirectFrom: *t`), 'posts/x.md:6:16 tags[1] holds the control character U+0000 (NUL)'],
    ['"\\N" (NEL) in an excerpt', post(valid.replace('excerpt: "E"', 'excerpt: "E\\N"')), 'posts/x.md:3:10 excerpt holds the control character U+0085 (NEL)'],
    ['"\\L" in an author', post(valid.replace('author: "A"', 'author: "A\\L"')), 'posts/x.md:4:9 author holds the line separator U+2028'],
    ['&#7; in a title (a twin\'s heading would decode it)', withTitle('"Ring &#7;"'), 'posts/x.md:2:8 title holds the character reference &#7;, the control character U+0007 (BEL)'],
    ['&#x7f; in the body', withBody('a &#x7f; b'), 'posts/x.md:8:3 the character reference &#x7f; is the control character U+007F (DEL): the page would hold it as it is'],
    ['&#x85; in the body', withBody('a\n\nb &#x85;'), 'posts/x.md:10:3 the character reference &#x85; is the control character U+0085 (NEL): the page would hold it as it is'],
    ['&#1; in raw HTML', withBody('<p title="&#1;">a</p>'), 'posts/x.md:8:11 the character reference &#1; is the control character U+0001 (SOH): the page would hold it as it is'],
  ])('%s', async (_, source, expected) => {
    const result = await loadOne(source)
    expect(Array.isArray(result) ? result.join('\n') : 'ok').toBe(expected)
  })

  it('the frame shows the character as a visible one, never as it is (a terminal would act on an ESC)', async () => {
    const dir = postsDir({ 'x.md': post(valid, 'a\u001b[2Jb') })
    const error = (await loadPosts(dir, { cwd: dir }).catch((caught: unknown) => caught)) as KubeSiteError
    expect(error.problems[0]!.frame).toBe('  7 | ---\n> 8 | a\u241b[2Jb\n    |  ^\n  9 | ')
    expect(error.problems[0]!.hint).toBe('Delete it: editors show it as a box or not at all (search for \\u001B with regular expressions on). A tab, a line break and a CRLF line ending are fine.')
    expect(formatError(error)).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/)
  })

  it('&#0; is shown as the replacement character, as a browser shows it', async () => {
    expect(await loadOne(post(valid, 'a &#0; b'))).toMatchObject({ html: '<p>a \uFFFD b</p>\n' })
  })
})
