import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openPostCacheIn, postsKeyExtra } from './postCache.ts'
import { localeConfigs } from '../../content/locales/localeConfigs.ts'
import { validateSiteConfig } from '../../content/config/loadSiteConfig.ts'
import { siteBodyLabels } from '../../content/locales/siteStrings.ts'
import siteConfig from '../../../site.config.ts'
import type { Loaded } from '../../content/posts/postResults.ts'

let dir: string
afterEach(() => rmSync(dir, { recursive: true, force: true }))
const fresh = () => (dir = mkdtempSync(join(tmpdir(), 'post-cache-')))

const loaded = (n: number) => ({ post: { slug: `p${n}`, html: `<p>Post ${n}</p>` } }) as unknown as Loaded
const keysOf = (count: number) => Array.from({ length: count }, (_, n) => `key-${n}`)
const segments = () => readdirSync(dir).filter((file) => file.endsWith('.v8')).sort()
const index = () => JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as { version: string; segments: { file: string; keys: string[] }[] }

/** A build of `count` posts: every post from the cache, else rendered (set), then saved. */
function build(count: number, version = 'v1', rendered = (n: number) => loaded(n)) {
  const cache = openPostCacheIn(dir, version)
  keysOf(count).forEach((key, n) => {
    if (!cache.get(key)) cache.set(key, rendered(n))
  })
  cache.save()
  return cache
}

describe('the post cache', () => {
  it('gives back every post a build stored, in segments of 200', () => {
    fresh()
    build(450)
    expect(segments()).toHaveLength(3)
    const cache = openPostCacheIn(dir, 'v1')
    expect(cache.get('key-449')).toEqual(loaded(449))
    expect(cache.keys()).toHaveLength(450)
  })

  it('keeps each body as bytes until it is asked for, with whether it has an image', () => {
    fresh()
    // Bodies of every width of UTF-8 character, one empty, one with an image.
    const bodies = ['<p>café, 漢字, 🙂</p>', '', '<p>An <IMG src="/a.png" alt=""> image</p>', '<p>Plain</p>'.repeat(500)]
    const cache = openPostCacheIn(dir, 'v1')
    bodies.forEach((html, n) => cache.set(`key-${n}`, { post: { slug: `p${n}`, html } } as unknown as Loaded))
    cache.save()
    const again = openPostCacheIn(dir, 'v1')
    const taken = bodies.map((_, n) => again.take(`key-${n}`)!)
    expect(taken.map(({ loaded }) => loaded)).toEqual(bodies.map((_, n) => ({ post: { slug: `p${n}`, html: '' } })))
    expect(taken.map(({ hasImages }) => hasImages)).toEqual([false, false, true, false])
    expect(taken.map(({ body }) => body())).toEqual(bodies)
    expect(again.get('key-0')).toEqual({ post: { slug: 'p0', html: bodies[0] } })
    // A segment of another format (or torn) loses its posts, not the build.
    for (const file of segments()) writeFileSync(join(dir, file), Buffer.from([1, 0, 0, 0, 255]))
    expect(openPostCacheIn(dir, 'v1').take('key-0')).toBeUndefined()
  })

  it('reads a body when it is asked for, from the file it opened, even once another build has removed the file', () => {
    fresh()
    build(450)
    const cache = openPostCacheIn(dir, 'v1')
    const taken = keysOf(450).map((key) => cache.take(key)!)
    // Another build of the same posts replaced every segment meanwhile.
    for (const file of segments()) rmSync(join(dir, file))
    expect(taken.map(({ body }) => body())).toEqual(keysOf(450).map((_, n) => loaded(n).post.html))
  })

  it('a rebuild that saved leaves the body of every post it took readable, from the segments it replaced as from those it kept', () => {
    fresh()
    build(1000)
    const cache = openPostCacheIn(dir, 'v1')
    const kept = keysOf(1000).filter((key) => key !== 'key-10')
    const taken = kept.map((key) => cache.take(key)!)
    cache.set('key-10-edited', loaded(10))
    cache.save()
    expect(taken.map(({ body }) => body())).toEqual(kept.map((key) => loaded(Number(key.slice(4))).post.html))
  })

  it('a rebuild with one post changed writes one segment and the index, and keeps the others by name', () => {
    fresh()
    build(1000)
    const before = segments()
    const cache = openPostCacheIn(dir, 'v1')
    for (const key of keysOf(1000)) if (key !== 'key-10') expect(cache.get(key)).toBeDefined()
    cache.set('key-10-edited', loaded(10))
    cache.save()
    const after = segments()
    // Four of the five segments stay; the one that held key-10 is replaced by one with the edit and its 199 others.
    expect(after.filter((file) => before.includes(file))).toHaveLength(4)
    expect(after).toHaveLength(5)
    expect(index().segments.flatMap((segment) => segment.keys).sort()).toEqual([...keysOf(1000).filter((key) => key !== 'key-10'), 'key-10-edited'].sort())
    const again = openPostCacheIn(dir, 'v1')
    expect(again.get('key-10')).toBeUndefined()
    expect(again.get('key-10-edited')).toEqual(loaded(10))
    expect(again.get('key-11')).toEqual(loaded(11))
  })

  it('gives the files the last build found, with their keys, when older than its start by two seconds and their post is held', () => {
    fresh()
    const cache = openPostCacheIn(dir, 'v1', 100_000)
    cache.set('key-0', loaded(0))
    cache.set('key-1', loaded(1))
    cache.noteFile('a.md', [10, 90_000], 'key-0')
    // Written within two seconds of the build's start: it may be written again within the same tick.
    cache.noteFile('b.md', [10, 98_500], 'key-1')
    // Its post is not in the cache (a post with problems).
    cache.noteFile('c.md', [5, 1_000], 'key-9')
    cache.save()
    expect([...openPostCacheIn(dir, 'v1', 200_000).unchanged()]).toEqual([['a.md', [10, 90_000, 'key-0']]])
    expect([...openPostCacheIn(dir, 'v2', 200_000).unchanged()]).toEqual([])
  })

  it('drops the posts a build no longer uses', () => {
    fresh()
    build(300)
    build(100)
    expect(openPostCacheIn(dir, 'v1').keys()).toHaveLength(100)
    expect(segments()).toHaveLength(1)
  })

  it('a failed build leaves the cache as it was', () => {
    fresh()
    build(250)
    const before = { segments: segments(), index: readFileSync(join(dir, 'index.json'), 'utf8') }
    const cache = openPostCacheIn(dir, 'v1')
    for (const key of keysOf(700)) if (!cache.get(key)) cache.set(key, loaded(1))
    expect(segments().length).toBeGreaterThan(before.segments.length)
    cache.discard()
    cache.save()
    expect(segments()).toEqual(before.segments)
    expect(readFileSync(join(dir, 'index.json'), 'utf8')).toBe(before.index)
  })

  it('is empty for another renderer, or with a broken index; a missing segment loses only its posts', () => {
    fresh()
    build(450)
    expect(openPostCacheIn(dir, 'v2').keys()).toEqual([])
    const { segments: named } = index()
    rmSync(join(dir, named[0]!.file))
    const cache = openPostCacheIn(dir, 'v1')
    expect(cache.keys()).toHaveLength(450 - named[0]!.keys.length)
    expect(cache.get(named[1]!.keys[0]!)).toBeDefined()
    writeFileSync(join(dir, 'index.json'), '{"version": "v1", "segm')
    expect(openPostCacheIn(dir, 'v1').keys()).toEqual([])
  })
})

describe('the post cache of a build run from source (as in these tests)', () => {
  it('takes a post the last run rendered, under the key of the source files, from the cache', async () => {
    const { localePostCache } = await import('./postCache.ts')
    const { loadPostResults } = await import('../../content/posts/loadPosts.ts')
    const { createFingerprint } = await import('../fingerprint.ts')
    const { cacheDir } = await import('../../toolRoot.ts')
    const { createHash } = await import('node:crypto')
    dir = mkdtempSync(join(tmpdir(), 'post-cache-source-'))
    const kept = join(cacheDir, 'posts', createHash('sha1').update(dir).digest('hex').slice(0, 16))
    writeFileSync(join(dir, 'a.md'), '---\ntitle: "A"\nexcerpt: "An excerpt."\nauthor: "W"\ndate: 2025-01-02\ntags: [a]\n---\n\nThe body.\n')
    try {
      const version = createFingerprint().key('posts')
      expect(createFingerprint().key('posts')).toBe(version)
      const first = localePostCache(dir, { code: 'en' }, undefined, createFingerprint())
      const made = await loadPostResults(dir, dir, first)
      first.save()
      expect(first.keys()).toEqual([])
      const again = localePostCache(dir, { code: 'en' }, undefined, createFingerprint())
      // The post comes from the cache the first build saved: its key is there, and loading it takes it.
      let takenFromCache = 0
      const counting: typeof again = {
        ...again,
        get(key) {
          const post = again.get(key)
          if (post) takenFromCache++
          return post
        },
      }
      const taken = await loadPostResults(dir, dir, counting)
      expect([again.keys().length, takenFromCache]).toEqual([1, 1])
      const html = (result: ReturnType<typeof made.get>) => (result && 'post' in result ? result.post.html : undefined)
      expect(html(taken.get('a.md'))).toBe(html(made.get('a.md')))
      expect(html(taken.get('a.md'))).toContain('The body.')
      again.discard()
    } finally {
      rmSync(kept, { recursive: true, force: true })
    }
  })
})

describe('postsKeyExtra', () => {
  it("keys each locale's post cache with the code its posts carry, English's too, and the words its bodies write", () => {
    // A site whose default language is German: English is one of its other locales.
    const config = validateSiteConfig({ ...siteConfig, site: { ...siteConfig.site, language: 'de' }, locales: [{ code: 'en' }, { code: 'ar' }, { code: 'en-GB' }, { code: 'de-AT' }, { code: 'pt', ui: { calloutNote: 'Nota' } }] }, '/nowhere/site.config.ts')
    const keys = localeConfigs(config).map(({ locale, config: localeConfig }) => postsKeyExtra(locale.code, siteBodyLabels(localeConfig)))
    const [german, english, arabic, british, austrian, portuguese] = keys
    expect(german).toMatch(/^labels .*"note":"Hinweis".*\0locale de$/)
    // English words, and no catalog of Arabic: only the code tells them apart.
    expect([english, arabic, british]).toEqual(['locale en', 'locale ar', 'locale en-GB'])
    expect(austrian).toBe(german!.replace('locale de', 'locale de-AT'))
    expect(portuguese).toMatch(/^labels .*"note":"Nota".*\0locale pt$/)
    expect(new Set(keys).size).toBe(keys.length)
  })
})
