import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Post } from '../content/types.ts'
import { openCacheLog } from '../incremental/explainCaches.ts'
import { createFingerprint } from '../incremental/fingerprint.ts'
import type { Reporter } from '../ui/createReporter.ts'
import { createBuildImages } from './buildImages.ts'

let dir: string
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const reporter = { phase: () => () => {} } as unknown as Reporter
const post = (name: string) => ({ slug: name, sourceFile: `${name}.md`, html: '' }) as unknown as Post

describe('the images of the posts', () => {
  it("does not read a body the cache says has no image, until a page or a feed asks for it", async () => {
    dir = mkdtempSync(join(tmpdir(), 'kube-site-images-test-'))
    const fingerprint = createFingerprint()
    const log = openCacheLog(fingerprint, { enabled: false, file: join(dir, 'fingerprints.json') })
    const images = createBuildImages({ postsDir: dir, cwd: dir, useCache: false, reporter, fingerprint, log })
    const reads: string[] = []
    const rendered: Record<string, string> = {
      'fresh.md': '<p>Rendered by this build</p>',
      'remote.md': '<p><img src="https://cdn.example.com/a.png" alt="A"></p>',
    }
    const cachedBodies: Record<string, string> = { 'cached.md': '<p>From the cache</p>', 'remote.md': rendered['remote.md']! }
    const cached = (sourceFile: string) =>
      sourceFile in cachedBodies
        ? {
            hasImages: sourceFile === 'remote.md',
            body: () => {
              reads.push(sourceFile)
              return cachedBodies[sourceFile]!
            },
          }
        : undefined
    const renderedBody = async (sourceFile: string) => {
      reads.push(sourceFile)
      return rendered[sourceFile] ?? cachedBodies[sourceFile]!
    }
    const placed = images.start([post('fresh'), post('cached'), post('remote')], renderedBody, cached)
    await placed.done
    // Every body with an image, or not from the cache, is read to place its images; the others not.
    expect(reads.sort()).toEqual(['fresh.md', 'remote.md'])
    expect(await placed.remoteImages).toEqual(['https://cdn.example.com/a.png'])
    const lazy = await placed.body('cached.md')
    expect(reads).not.toContain('cached.md')
    expect(lazy()).toBe('<p>From the cache</p>')
    expect((await placed.body('fresh.md'))()).toBe('<p>Rendered by this build</p>')
    expect(reads.filter((file) => file === 'cached.md').length).toBeGreaterThan(0)
  })
})
