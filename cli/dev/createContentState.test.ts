import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { KubeSiteError } from '../errors.ts'
import { siteEarlyScript } from '../generator/bundle/compileEarlyScript.ts'
import { contentIn, setSiteContent } from '../generator/siteContent.ts'
import { hashSource } from '../security/contentSecurityPolicy.ts'
import { createContentState } from './createContentState.ts'

// The inline script as pages/_lib/islands/earlyScript.ts compiles, unless a test has it saved as `saved`.
const earlyScript = vi.hoisted(() => ({ saved: undefined as string | undefined }))
vi.mock(import('../generator/bundle/compileEarlyScript.ts'), async (importOriginal) => {
  const original = await importOriginal()
  return { ...original, siteEarlyScript: (config) => earlyScript.saved ?? original.siteEarlyScript(config) }
})

const repo = fileURLToPath(new URL('../..', import.meta.url))
const post = (title: string, extra = '') => `---\ntitle: "${title}"\nexcerpt: "E"\nauthor: "A"\ndate: 2025-01-05\ntags: [k8s]\n${extra}---\nBody.\n`

let dir: string | undefined
afterEach(() => {
  earlyScript.saved = undefined
  setSiteContent(undefined)
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

describe('createContentState', () => {
  it("keeps the site's redirects current as posts change, and the last good ones while a post is broken", async () => {
    dir = mkdtempSync(join(tmpdir(), 'kube-site-dev-content-'))
    const file = join(dir, 'renamed.md')
    writeFileSync(file, post('Renamed', 'redirectFrom: /blog/old-name\n'))
    const state = createContentState({ configFile: join(repo, 'site.config.ts'), postsDir: dir, drafts: true, cwd: dir })
    await state.load()
    expect(state.error).toBeUndefined()
    expect([...state.redirects]).toEqual([['/blog/old-name/', '/blog/renamed/']])

    writeFileSync(file, post('Renamed', 'redirectFrom: [/blog/old-name/, /blog/older-name/]\n'))
    await state.reloadPost(file, true)
    expect([...state.redirects]).toEqual([
      ['/blog/old-name/', '/blog/renamed/'],
      ['/blog/older-name/', '/blog/renamed/'],
    ])

    // Another post claims one of them: the problem is reported, the last good redirects stay.
    writeFileSync(join(dir, 'other.md'), post('Other', 'redirectFrom: /blog/old-name/\n'))
    await state.reloadPost(join(dir, 'other.md'), true)
    expect(String((state.error as Error).message)).toBe('1 post has problems')
    expect(state.redirects.size).toBe(2)

    rmSync(join(dir, 'other.md'))
    await state.reloadPost(join(dir, 'other.md'), false)
    writeFileSync(file, post('Renamed'))
    await state.reloadPost(file, true)
    expect(state.error).toBeUndefined()
    expect([...state.redirects]).toEqual([])
  })

  it("keeps each locale's posts current: an edit of a German post updates the German content, in German", async () => {
    dir = mkdtempSync(join(tmpdir(), 'kube-site-dev-locales-'))
    const posts = join(dir, 'posts')
    mkdirSync(join(posts, 'de'), { recursive: true })
    const configFile = join(dir, 'site.config.ts')
    writeFileSync(configFile, `import site from ${JSON.stringify(join(repo, 'site.config.ts'))}\nexport default { ...site, locales: [{ code: 'de', copy: { hero: { title: 'Sicherheit' } } }] }\n`)
    writeFileSync(join(posts, 'zero-trust.md'), post('Zero trust'))
    writeFileSync(join(posts, 'de', 'zero-trust.md'), post('Zero Trust'))
    const state = createContentState({ configFile, postsDir: posts, drafts: true, cwd: dir })
    await state.load()
    expect(state.error).toBeUndefined()
    const content = state.content!
    expect(content.locale?.code).toBe('en')
    expect(content.posts.map(({ title, locale }) => `${locale} ${title}`)).toEqual(['en Zero trust'])
    const german = contentIn(content, 'de')
    expect(german.config.hero.title).toBe('Sicherheit')
    expect(german.posts.map(({ title, translationOf, readTime }) => [title, translationOf, readTime])).toEqual([['Zero Trust', 'zero-trust', '1 Min. Lesezeit']])

    const file = join(posts, 'de', 'zero-trust.md')
    expect(state.kindOf(file)).toBe('post')
    writeFileSync(file, post('Null Vertrauen'))
    await state.reloadPost(file, true)
    expect(contentIn(state.content!, 'de').posts.map(({ title }) => title)).toEqual(['Null Vertrauen'])
    expect(state.content!.posts.map(({ title }) => title)).toEqual(['Zero trust'])

    // A broken translation link is reported at its line; the last good content stays.
    writeFileSync(file, post('Null Vertrauen', 'translationOf: zero\n'))
    await state.reloadPost(file, true)
    expect((state.error as KubeSiteError).problems.map((problem) => problem.message)).toEqual(['translationOf "zero" names no post of posts/'])
    expect(contentIn(state.content!, 'de').posts.map(({ title }) => title)).toEqual(['Null Vertrauen'])

    // The locale leaves the config: its folder's posts are nobody's, never the default's, until the folder goes.
    writeFileSync(file, post('Null Vertrauen'))
    writeFileSync(configFile, `import site from ${JSON.stringify(join(repo, 'site.config.ts'))}\nexport default { ...site, locales: [] }\n`)
    await state.reloadConfig()
    expect((state.error as KubeSiteError).message).toBe("no locale 'de' in site.config.ts locales")
    rmSync(file)
    await state.reloadPost(file, false)
    expect(state.error).toBeUndefined()
    expect(state.content!.locales?.map(({ locale }) => locale.code)).toEqual(['en'])
    expect(state.content!.posts.map(({ title, sourceFile }) => [title, sourceFile])).toEqual([['Zero trust', 'zero-trust.md']])
  })

  it("knows the tag and author pages of the posts as they are now: a config redirect to one is followed while it exists", async () => {
    dir = mkdtempSync(join(tmpdir(), 'kube-site-dev-content-'))
    const configFile = join(dir, 'site.config.ts')
    writeFileSync(
      configFile,
      `import site from ${JSON.stringify(join(repo, 'site.config.ts'))}\nexport default { ...site, blog: { ...site.blog, tagPageSize: 2 }, redirects: { '/topics/k8s/': '/blog/tags/k8s/', '/team/a/': '/blog/authors/a/page/2/' } }\n`,
    )
    // Three posts by A, two a page (tagPageSize): A's list has a page 2.
    for (const name of ['one', 'two', 'three']) writeFileSync(join(dir, `${name}.md`), post(name))
    const state = createContentState({ configFile, postsDir: dir, drafts: true, cwd: dir })
    await state.load()
    expect(state.error).toBeUndefined()
    expect([...state.redirects]).toEqual([
      ['/team/a/', '/blog/authors/a/page/2/'],
      ['/topics/k8s/', '/blog/tags/k8s/'],
    ])

    // A post fewer, and A's page 2 is gone: the redirect to it is reported, the last good ones stay.
    rmSync(join(dir, 'three.md'))
    await state.reloadPost(join(dir, 'three.md'), false)
    expect(String((state.error as KubeSiteError).problems.map((problem) => problem.message))).toBe('redirect /team/a/ → /blog/authors/a/page/2/: /blog/authors/a/page/2/ is not a page of the site')
    expect(state.redirects.size).toBe(2)

    writeFileSync(join(dir, 'three.md'), post('three'))
    await state.reloadPost(join(dir, 'three.md'), true)
    expect(state.error).toBeUndefined()
    expect(state.redirects.size).toBe(2)
  })

  it('gives the pages a policy for the inline script as it is now: a save of pages/_lib/islands/earlyScript.ts changes no content', async () => {
    dir = mkdtempSync(join(tmpdir(), 'kube-site-dev-content-'))
    writeFileSync(join(dir, 'one.md'), post('One'))
    const state = createContentState({ configFile: join(repo, 'site.config.ts'), postsDir: dir, drafts: true, cwd: dir })
    await state.load()
    expect(state.error).toBeUndefined()
    const compiled = siteEarlyScript(state.config!)
    expect(state.policies!.blog).toContain(hashSource(compiled))
    expect(state.policies!.pages.inlineScripts).toContain(compiled)

    // vite makes the pages' copy of the script again from the saved file (kubeSitePlugin watches it).
    earlyScript.saved = "document.documentElement.dataset.theme='light'"
    expect(state.policies!.blog).toContain(hashSource(earlyScript.saved))
    expect(state.policies!.blog).not.toContain(hashSource(compiled))
    expect(state.policies!.pages.inlineScripts).toContain(earlyScript.saved)
    expect(state.policies!.pages.inlineScripts).not.toContain(compiled)
  })
})
