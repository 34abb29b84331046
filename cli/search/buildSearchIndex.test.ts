import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { buildSearchIndex, indexedUrls } from './buildSearchIndex.ts'
import type { IndexedPost } from './searchShards.ts'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})
const cacheDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kube-site-search-test-'))
  folders.push(dir)
  return dir
}

const post = (slug: string, extra: Partial<IndexedPost> = {}): IndexedPost => ({ slug, title: `About ${slug}`, excerpt: `The ${slug} post.`, author: 'Maya Chen', date: '2025-03-04', tags: ['RBAC'], sourceFile: `${slug}.md`, ...extra })
const fragments = (dir: string) =>
  readdirSync(join(dir, 'fragment')).map((name) => {
    const text = gunzipSync(readFileSync(join(dir, 'fragment', name))).toString('utf8')
    return JSON.parse(text.slice(text.indexOf('{'))) as { url: string; content: string; meta: Record<string, string>; filters: Record<string, string[]> }
  })

describe('buildSearchIndex', () => {
  it("indexes each post's title, excerpt and body with its tags (by slug), author and date, and keeps only what a browser loads", async () => {
    const dir = cacheDir()
    const bodies: Record<string, string> = { 'one.md': '<p>Rotate the <code>etcd</code> encryption keys.</p>', 'two.md': '<h2 id="x">Audit</h2><p>Find risky bindings.</p>' }
    // Nothing is written to the system's temporary folder (a slower disk on some machines): the
    // pages Pagefind reads are written in the cache, beside the shards.
    const systemTemporary = process.env.TMPDIR
    process.env.TMPDIR = join(dir, 'no-such-folder')
    const index = await buildSearchIndex({
      posts: [post('one', { tags: ['Network Security', 'RBAC'] }), post('two', { author: 'Daniel Okafor' })],
      body: async (file) => bodies[file]!,
      sourceKey: (file) => file,
      cacheDir: dir,
    }).finally(() => (systemTemporary === undefined ? delete process.env.TMPDIR : (process.env.TMPDIR = systemTemporary)))
    expect(index.manifest.posts).toBe(2)
    expect(index.manifest).toMatchObject({ shards: [`/assets/search/${index.shards[0]!.name}/`], numbers: [0], sizes: [2] })
    expect(index.indexed).toEqual({ shards: 1, posts: 2 })
    const shard = index.shards[0]!
    expect(indexedUrls(shard.dir).sort()).toEqual(['/blog/one/', '/blog/two/'])
    const one = fragments(shard.dir).find((fragment) => fragment.url === '/blog/one/')!
    expect(one.content).toContain('Rotate the etcd encryption keys')
    expect(one.content).toContain('The one post.')
    expect(one.meta).toMatchObject({ title: 'About one', date: '2025-03-04' })
    expect(one.filters).toEqual({ tag: ['network-security', 'rbac'], author: ['Maya Chen'], shard: ['0'] })
    const files = shard.files.map(([file]) => file)
    expect(files).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-worker.js', 'pagefind-entry.json', 'wasm.en.pagefind']))
    expect(files.filter((file) => /ui|highlight|playground|wasm\.unknown/.test(file))).toEqual([])
    // And they are gone.
    expect(readdirSync(dir)).toEqual([shard.key])
  }, 60_000)

  it('a title, tag or body that holds HTML stays text in the index: nothing of it becomes an element', async () => {
    const dir = cacheDir()
    const title = '<img src=x onerror="alert(1)"> & <script>alert(2)</script>'
    const index = await buildSearchIndex({
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

  it('indexes nothing when no shard changed, and one shard again when one post did', async () => {
    const dir = cacheDir()
    const posts = Array.from({ length: 600 }, (_, at) => post(`post-${at}`))
    const versions = new Map<string, number>()
    const input = () => ({ posts, body: async (file: string) => `<p>${file} version ${versions.get(file) ?? 1}</p>`, sourceKey: (file: string) => `${file}:${versions.get(file) ?? 1}`, cacheDir: dir, shardCount: 4 })
    const first = await buildSearchIndex(input())
    expect(first.indexed).toEqual({ shards: 4, posts: 600 })
    const again = await buildSearchIndex(input())
    expect(again.indexed).toEqual({ shards: 0, posts: 0 })
    expect(again.manifest).toEqual(first.manifest)
    versions.set('post-42.md', 2)
    const edited = await buildSearchIndex(input())
    expect(edited.indexed.shards).toBe(1)
    expect(edited.indexed.posts).toBeLessThan(250)
    const changed = edited.manifest.shards.filter((shard) => !first.manifest.shards.includes(shard))
    expect(changed).toHaveLength(1)
    const shard = edited.shards[edited.manifest.shards.indexOf(changed[0]!)]!
    expect(fragments(shard.dir).find((fragment) => fragment.url === '/blog/post-42/')!.content).toContain('post-42.md version 2')
  }, 120_000)

  it("fails naming the post whose body could not be rendered, and leaves no shard half made", async () => {
    const dir = cacheDir()
    const failing = buildSearchIndex({
      posts: [post('one'), post('two')],
      body: async (file) => (file === 'two.md' ? Promise.reject(new Error('the body of two.md could not be rendered')) : '<p>fine</p>'),
      sourceKey: (file) => file,
      cacheDir: dir,
    })
    await expect(failing).rejects.toThrow('the body of two.md could not be rendered')
    expect(readdirSync(dir)).toEqual([])
  }, 60_000)
})
