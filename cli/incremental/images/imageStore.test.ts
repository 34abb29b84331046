import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createImageStore, IMAGES_DIR } from './imageStore.ts'

// Which files the store reads, and when.
vi.mock('node:fs/promises', async (original) => {
  const actual = await original<typeof import('node:fs/promises')>()
  return { ...actual, readFile: vi.fn(actual.readFile) }
})
const reads = (file: string) => vi.mocked(readFile).mock.calls.filter(([path]) => path === file).length

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kube-site-store-'))
  dirs.push(dir)
  return dir
}
const png = (width: number, height: number, r = 40) => sharp({ create: { width, height, channels: 3, background: { r, g: 90, b: 160 } } }).png().toBuffer()

describe('createImageStore', () => {
  it('encodes an image once however many pages show it, and publishes its variants by name', async () => {
    const [cache, site, out] = [tempDir(), tempDir(), tempDir()]
    writeFileSync(join(site, 'shot.png'), await png(800, 500))
    const store = createImageStore(cache)
    const [a, b] = await Promise.all([store.picture(join(site, 'shot.png')), store.picture(join(site, 'shot.png'))])
    expect(a).toBe(b)
    expect([store.encoded, store.fromCache]).toEqual([9, 0])
    expect(a).toMatchObject({ kind: 'picture', width: 800, height: 500, fallback: 'jpeg' })
    store.publish(out)
    expect(readdirSync(join(out, IMAGES_DIR)).sort()).toEqual(a.variants.map((variant) => variant.url.split('/').at(-1)).sort())
  })

  it('reads no image on a rebuild in which none changed, and keeps what other sites built here learnt', async () => {
    const [cache, site, other] = [tempDir(), tempDir(), tempDir()]
    const shot = join(site, 'shot.png')
    writeFileSync(shot, await png(600, 400))
    const first = createImageStore(cache)
    const made = await first.picture(shot)
    first.save()
    // Another site's build: its own images only.
    writeFileSync(join(other, 'logo.png'), await png(300, 200))
    const elsewhere = createImageStore(cache)
    await elsewhere.picture(join(other, 'logo.png'))
    elsewhere.save()
    const readBefore = reads(shot)
    expect(readBefore).toBe(1)
    const again = createImageStore(cache)
    expect(await again.picture(shot)).toEqual(made)
    expect([again.encoded, again.fromCache]).toEqual([0, 6])
    expect(reads(shot)).toBe(readBefore)
    // Once it changes, it is read and encoded again.
    writeFileSync(shot, await png(600, 400, 200))
    const changed = createImageStore(cache)
    expect((await changed.picture(shot)).variants).not.toEqual(made.variants)
    expect([changed.encoded, reads(shot)]).toEqual([6, readBefore + 1])
  })

  it("reads an older kube-site's index (keys of a path and its stat) as none, and saves its own", async () => {
    const [cache, site] = [tempDir(), tempDir()]
    const shot = join(site, 'shot.png')
    writeFileSync(shot, await png(600, 400))
    writeFileSync(join(cache, 'index.json'), JSON.stringify({ [`${shot}\u0000220887\u00001795937332907.2104`]: { hash: 'ab', width: 600, height: 400, fallback: 'jpeg' } }))
    const store = createImageStore(cache)
    expect(await store.picture(shot)).toMatchObject({ width: 600, height: 400 })
    store.save()
    expect(Object.keys(JSON.parse(readFileSync(join(cache, 'index.json'), 'utf8')) as object)).toEqual([shot])
  })

  it('publishes an SVG as it is, named by its content, with its size, and knows which file it was', async () => {
    const [cache, site] = [tempDir(), tempDir()]
    writeFileSync(join(site, 'flow diagram.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360"/>')
    const store = createImageStore(cache)
    const stored = await store.file(join(site, 'flow diagram.svg'))
    expect(stored).toEqual({ kind: 'file', width: 640, height: 360, url: expect.stringMatching(/^\/assets\/images\/flow-diagram-[0-9a-f]{20}\.svg$/) })
    expect(store.sourceOf(stored.url)).toBe(join(site, 'flow diagram.svg'))
    expect(store.sourceOf('/assets/images/other.svg')).toBeUndefined()
  })
})
