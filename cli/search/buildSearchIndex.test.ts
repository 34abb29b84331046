import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildLocaleSearchIndexes, STREAMED_SHARDS, type SearchIndex, type SearchIndexInput } from './buildSearchIndex.ts'
import { indexedPages } from './indexedPages.ts'
import { OVERLAY_MAX_POSTS, type IndexedPost } from '../incremental/search/searchShards.ts'
import { RECENT_MS, SPARE_SHARDS } from '../incremental/search/shardStore.ts'
import { pagefindFilter } from '../../tests/support/snapshotFiles.ts'
import { siteLocales } from '../../pages/_lib/locales/locales.ts'

// Pagefind itself, with a count of the indexes its process holds (made and not yet deleted), and
// a fault a test can turn on: an index written without its pages' files.
const pagefindIndexes = vi.hoisted(() => ({ open: 0, most: 0, writesWithoutPages: false }))
vi.mock('pagefind', async (importOriginal) => {
  const real = await importOriginal<typeof import('pagefind')>()
  return {
    ...real,
    createIndex: async (...options: Parameters<typeof real.createIndex>) => {
      const made = await real.createIndex(...options)
      if (!made.index) return made
      pagefindIndexes.most = Math.max(pagefindIndexes.most, ++pagefindIndexes.open)
      const { index } = made
      const writeFiles: typeof index.writeFiles = async (options) => {
        const written = await index.writeFiles(options)
        if (pagefindIndexes.writesWithoutPages) for (const name of readdirSync(options!.outputPath!)) if (!/^pagefind(-worker\.js|\.js|-entry\.json)$/.test(name)) rmSync(join(options!.outputPath!, name), { recursive: true })
        return written
      }
      return { ...made, index: { ...index, writeFiles, deleteIndex: () => (pagefindIndexes.open--, index.deleteIndex()) } }
    },
  }
})

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})
const cacheDir = (under = tmpdir()) => {
  const dir = mkdtempSync(join(under, 'kube-site-search-test-'))
  folders.push(dir)
  return dir
}

const [english] = siteLocales({ language: 'en' })
/** The index of a site in English alone, as a build makes it. */
const englishIndex = async ({ posts, ...input }: SearchIndexInput & { posts: readonly IndexedPost[] }): Promise<SearchIndex> => (await buildLocaleSearchIndexes({ ...input, locales: [{ locale: english!, posts }] }))[0]!

const post = (slug: string, extra: Partial<IndexedPost> = {}): IndexedPost => ({ slug, title: `About ${slug}`, excerpt: `The ${slug} post.`, author: 'Maya Chen', date: '2025-03-04', tags: ['RBAC'], sourceFile: `${slug}.md`, ...extra })
const fragments = (dir: string) =>
  readdirSync(join(dir, 'fragment')).map((name) => {
    const text = gunzipSync(readFileSync(join(dir, 'fragment', name))).toString('utf8')
    return JSON.parse(text.slice(text.indexOf('{'))) as { url: string; content: string; meta: Record<string, string>; filters: Record<string, string[]> }
  })

describe('buildLocaleSearchIndexes, for a site in one language', () => {
  it("indexes each post's title, excerpt and body with its tags (by slug), author and date, and keeps only what a browser loads", async () => {
    const dir = cacheDir()
    const bodies: Record<string, string> = { 'one.md': '<p>Rotate the <code>etcd</code> encryption keys.</p>', 'two.md': '<h2 id="x">Audit</h2><p>Find risky bindings.</p>' }
    // Nothing is written to the system's temporary folder (a slower disk on some machines): the
    // pages go to Pagefind as they come, and its index is written in the cache.
    const systemTemporary = process.env.TMPDIR
    process.env.TMPDIR = join(dir, 'no-such-folder')
    const index = await englishIndex({
      posts: [post('one', { tags: ['Network Security', 'RBAC'] }), post('two', { author: 'Daniel Okafor' })],
      body: async (file) => bodies[file]!,
      sourceKey: (file) => file,
      cacheDir: dir,
    }).finally(() => (systemTemporary === undefined ? delete process.env.TMPDIR : (process.env.TMPDIR = systemTemporary)))
    expect(index.manifest.posts).toBe(2)
    expect(index.manifest).toMatchObject({ shards: [`/assets/search/${index.shards[0]!.name}/`], numbers: [0], sizes: [2] })
    expect(index.indexed).toEqual({ shards: 1, posts: 2 })
    const shard = index.shards[0]!
    expect(indexedPages(shard.dir).map(([, url]) => url).sort()).toEqual(['/blog/one/', '/blog/two/'])
    const one = fragments(shard.dir).find((fragment) => fragment.url === '/blog/one/')!
    expect(one.content).toContain('Rotate the etcd encryption keys')
    expect(one.content).toContain('The one post.')
    expect(one.meta).toMatchObject({ title: 'About one', date: '2025-03-04' })
    expect(one.filters).toEqual({ tag: ['network-security', 'rbac'], author: ['Maya Chen'], shard: ['0'] })
    const files = shard.files.map(([file]) => file)
    expect(files).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-worker.js', 'pagefind-entry.json', 'wasm.en.pagefind']))
    expect(files.filter((file) => /ui|highlight|playground|wasm\.unknown/.test(file))).toEqual([])
    // And they are gone; beside the shard, what its index was made from.
    expect(readdirSync(dir).sort()).toEqual([shard.key, `${shard.key}.json`])
  }, 60_000)

  it("numbers a shard's pages in the order the blog lists its posts, whatever order their bodies come in and whatever file system the cache is on", async () => {
    // Pagefind numbers an index's pages in the order it takes them in, and its filters and word
    // index name pages by number. Read from a folder, that order was the file system's: a hash of
    // the names on ext4, the order they were made in (reversed) on tmpfs. A build whose cache is on
    // one and whose temporary folder is on the other (--no-cache) wrote other filters for the same posts.
    const posts = Array.from({ length: 8 }, (_, at) => post(`post-${'hgfedcba'[at]}`, { author: `Author ${at}` }))
    // The last post's body comes first, the first post's last.
    const body = (file: string) => new Promise<string>((resolve) => setTimeout(() => resolve(`<p>The body of ${file}.</p>`), 5 * (posts.length - posts.findIndex((one) => one.sourceFile === file))))
    const places = ['/dev/shm', tmpdir()].filter((place) => existsSync(place))
    for (const place of places) {
      const index = await englishIndex({ posts, body, sourceKey: (file) => file, cacheDir: cacheDir(place) })
      const filters = join(index.shards[0]!.dir, 'filter')
      const authors = readdirSync(filters).map((name) => pagefindFilter(readFileSync(join(filters, name)))).find(([name]) => name === 'author')![1]
      expect(authors.sort(), place).toEqual(posts.map((one, at) => [one.author, [at]]))
    }
  }, 60_000)

  it(`gives Pagefind ${STREAMED_SHARDS} shards at a time, so its process never holds more shards' indexes`, async () => {
    const dir = cacheDir()
    const shardCount = STREAMED_SHARDS + 2
    const posts = Array.from({ length: shardCount * 4 }, (_, at) => post(`post-${at}`))
    pagefindIndexes.most = 0
    // Every body at once, so each shard's pages are ready together and all would go to Pagefind at once.
    const index = await englishIndex({ posts, body: async (file) => `<p>The body of ${file}.</p>`, sourceKey: (file) => file, cacheDir: dir, shardCount })
    expect(index.indexed).toEqual({ shards: shardCount, posts: posts.length })
    expect(index.shards.flatMap((shard) => indexedPages(shard.dir).map(([, url]) => url)).sort()).toEqual(posts.map((one) => `/blog/${one.slug}/`).sort())
    expect(pagefindIndexes.most).toBe(STREAMED_SHARDS)
    expect(pagefindIndexes.open).toBe(0)
  }, 60_000)

  it('a title, tag or body that holds HTML stays text in the index: nothing of it becomes an element', async () => {
    const dir = cacheDir()
    const title = '<img src=x onerror="alert(1)"> & <script>alert(2)</script>'
    const index = await englishIndex({
      posts: [post('hostile', { title, tags: ['<b>bold</b>'], excerpt: '</p><p data-pagefind-meta="title:owned">' })],
      body: async () => '<p>Plain &lt;script&gt;alert(3)&lt;/script&gt; words</p>',
      sourceKey: (file) => file,
      cacheDir: dir,
    })
    const [fragment] = fragments(index.shards[0]!.dir)
    expect(fragment!.meta.title).toBe(title)
    expect(fragment!.filters.tag).toEqual(['b-bold-b'])
    expect(fragment!.content).toContain('</p><p data-pagefind-meta="title:owned">')
    expect(fragment!.content).toContain('Plain <script>alert(3)</script> words')
  }, 60_000)

  it('indexes nothing when no post changed, and only the posts edited since when a few did: their old pages hidden, until too many', async () => {
    const dir = cacheDir()
    let posts = Array.from({ length: 600 }, (_, at) => post(`post-${at}`))
    const versions = new Map<string, number>()
    const input = () => ({ posts, body: async (file: string) => `<p>${file} version ${versions.get(file) ?? 1}</p>`, sourceKey: (file: string) => `${file}:${versions.get(file) ?? 1}`, cacheDir: dir, shardCount: 4, editsFrom: 100 })
    // Which URL each page of a shard is, and what the browser is shown: every page but the hidden ones.
    const shown = (index: SearchIndex) =>
      index.shards.flatMap((shard, at) => fragments(shard.dir).filter((_, page) => !(index.manifest.hidden?.[at] ?? []).includes(indexedPages(shard.dir)[page]![0])))
    const first = await englishIndex(input())
    expect(first.indexed).toEqual({ shards: 4, posts: 600 })
    expect(first.manifest.hidden).toBeUndefined()
    const again = await englishIndex(input())
    expect(again.indexed).toEqual({ shards: 0, posts: 0 })
    expect(again.manifest).toEqual(first.manifest)
    // A shard taken from the cache: its files and their sizes as they are in its folder (but the listing that says so).
    expect(again.shards).toEqual(first.shards)
    for (const shard of again.shards) {
      const inFolder = readdirSync(shard.dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.name !== 'listing.json').map((entry) => join(entry.parentPath, entry.name))
      expect(shard.files.map(([file, size]) => [join(shard.dir, file), size]).sort()).toEqual(inFolder.map((file) => [file, statSync(file).size]).sort())
    }

    // One post edited: its shard is taken as it was, its page there hidden, and it is indexed alone.
    versions.set('post-42.md', 2)
    const edited = await englishIndex(input())
    expect(edited.indexed).toEqual({ shards: 1, posts: 1 })
    expect(edited.manifest.shards.slice(0, 4)).toEqual(first.manifest.shards)
    expect(edited.manifest.numbers).toEqual([0, 1, 2, 3, 4])
    expect(edited.manifest.sizes.slice(4)).toEqual([1])
    const home = first.shards.findIndex((shard) => indexedPages(shard.dir).some(([, url]) => url === '/blog/post-42/'))
    const oldPage = indexedPages(first.shards[home]!.dir).find(([, url]) => url === '/blog/post-42/')![0]
    expect(edited.manifest.hidden).toEqual([0, 1, 2, 3, 4].map((at) => (at === home ? [oldPage] : [])))
    expect(fragments(edited.shards[4]!.dir).map((fragment) => [fragment.url, fragment.content, fragment.filters.shard])).toEqual([['/blog/post-42/', expect.stringContaining('post-42.md version 2'), ['4']]])
    const current = (index: SearchIndex) => shown(index).map((fragment) => `${fragment.url} ${/version \d/.exec(fragment.content)![0]}`).sort()
    const expected = () => posts.map((one) => `/blog/${one.slug}/ version ${versions.get(one.sourceFile) ?? 1}`).sort()
    expect(current(edited)).toEqual(expected())

    // Edited again, another post edited, one added and one gone: still only the edits are indexed.
    versions.set('post-42.md', 3)
    versions.set('post-7.md', 2)
    posts = [post('post-new'), ...posts.filter((one) => one.slug !== 'post-300')]
    const more = await englishIndex(input())
    expect(more.indexed).toEqual({ shards: 1, posts: 3 })
    expect(more.manifest.shards.slice(0, 4)).toEqual(first.manifest.shards)
    expect(fragments(more.shards[4]!.dir).map((fragment) => fragment.url).sort()).toEqual(['/blog/post-42/', '/blog/post-7/', '/blog/post-new/'])
    expect(more.manifest.hidden!.flat()).toHaveLength(3)
    expect(current(more)).toEqual(expected())

    // More edits than OVERLAY_MAX_POSTS: the shards are indexed again whole, and nothing is hidden.
    for (const one of posts.slice(0, OVERLAY_MAX_POSTS + 1)) versions.set(one.sourceFile, 5)
    const many = await englishIndex(input())
    expect(many.indexed.posts).toBeGreaterThan(OVERLAY_MAX_POSTS)
    expect(many.manifest.numbers.length + (many.manifest.hidden?.flat().length ?? 0)).toBeLessThanOrEqual(5 + OVERLAY_MAX_POSTS)
    expect(current(many)).toEqual(expected())
  }, 180_000)

  it("keeps its own shards, those used in the last hour and the most recent others, not every shard an edit replaced, and clears what a stopped build left long ago", async () => {
    const dir = cacheDir()
    const input = (version: number) => ({ posts: [post('one')], body: async () => `<p>version ${version}</p>`, sourceKey: (file: string) => `${file}:${version}`, cacheDir: dir })
    const minute = 60_000
    const shardUsed = (name: string, ago: number) => {
      mkdirSync(join(dir, name))
      const at = new Date(Date.now() - ago)
      utimesSync(join(dir, name), at, at)
      return name
    }
    // Shards of earlier builds: more than SPARE_SHARDS used in the last hour, as many used hours ago.
    const recent = Array.from({ length: SPARE_SHARDS + 2 }, (_, at) => shardUsed(`a${at.toString(16).padStart(15, '0')}`, (at + 1) * minute))
    const old = Array.from({ length: SPARE_SHARDS + 2 }, (_, at) => shardUsed(`b${at.toString(16).padStart(15, '0')}`, RECENT_MS + (at + 1) * minute))
    // What two stopped builds left long ago, and what a running one is writing.
    shardUsed('.pages-stopped', 2 * RECENT_MS)
    shardUsed(`${old[0]}.1-0-0-ab.tmp`, 2 * RECENT_MS)
    shardUsed('.pages-running', 0)
    // Records: one of a shard about to go, one whose folder a stopped build never put in place, one a running build has just written.
    const record = (name: string, ago: number) => {
      writeFileSync(join(dir, `${name}.json`), '{}')
      utimesSync(join(dir, `${name}.json`), new Date(Date.now() - ago), new Date(Date.now() - ago))
      return `${name}.json`
    }
    record(old.at(-1)!, 0)
    record('c000000000000000', 2 * RECENT_MS)
    const fresh = record('c000000000000001', 0)
    const withRecords = (keys: string[]) => keys.flatMap((key) => [key, `${key}.json`])
    const first = await englishIndex(input(1))
    expect(readdirSync(dir).sort()).toEqual([...withRecords([first.shards[0]!.key]), ...recent, '.pages-running', fresh].sort())
    // Taken from the cache, a shard used long ago is marked as used now: another build's pruning keeps it.
    const longAgo = new Date(Date.now() - 10 * RECENT_MS)
    utimesSync(first.shards[0]!.dir, longAgo, longAgo)
    const again = await englishIndex(input(1))
    expect(again.indexed.shards).toBe(0)
    expect(statSync(first.shards[0]!.dir).mtimeMs).toBeGreaterThan(Date.now() - minute)
    // An edit makes a new shard (a shard of one post is indexed again whole: see planSearchShards); the one it replaced stays (used now), and so does every recent one.
    const edited = await englishIndex(input(2))
    expect(edited.indexed).toEqual({ shards: 1, posts: 1 })
    const own = edited.shards.map((shard) => shard.key)
    expect(readdirSync(dir).sort()).toEqual([...withRecords([...own, first.shards[0]!.key]), ...recent, '.pages-running', fresh].sort())
    // Once they are all hours old, only the build's own shards and the SPARE_SHARDS most recent others stay, each with its record.
    const others = readdirSync(dir).filter((name) => /^[0-9a-f]{16}$/.test(name) && !own.includes(name))
    others.forEach((name, at) => utimesSync(join(dir, name), new Date(Date.now() - RECENT_MS - (at + 1) * minute), new Date(Date.now() - RECENT_MS - (at + 1) * minute)))
    for (const name of others) record(name, 0)
    await englishIndex(input(2))
    expect(readdirSync(dir).sort()).toEqual([...withRecords(own), ...withRecords(others.slice(0, SPARE_SHARDS)), '.pages-running', fresh].sort())
  }, 60_000)

  it("fails naming the post whose body could not be rendered, and leaves no shard half made", async () => {
    const dir = cacheDir()
    const failing = englishIndex({
      posts: [post('one'), post('two')],
      body: async (file) => (file === 'two.md' ? Promise.reject(new Error('the body of two.md could not be rendered')) : '<p>fine</p>'),
      sourceKey: (file) => file,
      cacheDir: dir,
    })
    await expect(failing).rejects.toThrow('the body of two.md could not be rendered')
    expect(readdirSync(dir)).toEqual([])
  }, 60_000)

  it('fails when Pagefind answers that a shard is written but its folder holds none of its pages, and keeps nothing of it', async () => {
    const dir = cacheDir()
    const input = { posts: [post('one'), post('two')], body: async () => '<p>fine</p>', sourceKey: (file: string) => file, cacheDir: dir }
    pagefindIndexes.writesWithoutPages = true
    const failing = englishIndex(input).finally(() => (pagefindIndexes.writesWithoutPages = false))
    await expect(failing).rejects.toMatchObject({ code: 'SEARCH_FAILED', message: expect.stringContaining('Pagefind wrote shard 0 without 2 of its 2 posts (/blog/one/ among them)') })
    expect(readdirSync(dir)).toEqual([])
    // The next build indexes the shard anew, whole.
    const index = await englishIndex(input)
    expect(index.indexed).toEqual({ shards: 1, posts: 2 })
    expect(indexedPages(index.shards[0]!.dir).map(([, url]) => url).sort()).toEqual(['/blog/one/', '/blog/two/'])
  }, 60_000)
})
