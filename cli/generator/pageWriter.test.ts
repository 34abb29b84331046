import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compileCli } from '../compileCli.js'
import { openPageWriter } from './pageWriter.ts'

// The writer thread as cli/bin.js compiles it.
let workerFile: string
let dir: string
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kube-site-writer-'))
  await compileCli(join(dir, 'compiled'))
  workerFile = join(dir, 'compiled', 'pageWriter.mjs')
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const pages = (root: string, count: number) =>
  Array.from({ length: count }, (_, n) => [join(root, 'blog', `post-${n}`, 'index.html'), `<p>post ${n}</p>`.repeat(50)] as const)

describe.each([
  ['in a thread of its own', () => ({ workerFile })],
  ['in the calling thread', () => ({ workerFile: '' })],
])('openPageWriter %s', (_, options) => {
  it('writes every file, making its folders, by the time close() resolves', async () => {
    const root = join(dir, `site-${Math.random()}`)
    const writer = openPageWriter(options())
    for (const [file, content] of pages(root, 100)) await writer.write(file, content)
    await writer.close()
    expect(readdirSync(join(root, 'blog'))).toHaveLength(100)
    for (const [file, content] of pages(root, 100)) expect(readFileSync(file, 'utf8')).toBe(content)
  })

  it('fails with the path it could not write, and writes nothing after', async () => {
    const root = join(dir, `site-${Math.random()}`)
    const writer = openPageWriter(options())
    writer.write(join(root, 'blog', 'index.html'), 'list')
    // A file where a later page needs a folder.
    const blocked = join(root, 'blog', 'post-1', 'index.html')
    await expect(async () => {
      writer.write(join(root, 'blog', 'post-1'), 'not a folder')
      writer.write(blocked, 'post')
      await writer.close()
    }).rejects.toThrow(/post-1/)
    expect(() => readFileSync(blocked)).toThrow()
  })
})

describe('openPageWriter in a thread', () => {
  it('makes the caller wait past the high-water mark, and lets it go on once the thread catches up', async () => {
    const root = join(dir, `site-${Math.random()}`)
    const writer = openPageWriter({ workerFile, highWater: 2000, lowWater: 500 })
    let waits = 0
    for (const [file, content] of pages(root, 200)) {
      const wait = writer.write(file, content)
      if (wait) {
        waits++
        await wait
      }
    }
    await writer.close()
    expect(waits).toBeGreaterThan(10)
    expect(readdirSync(join(root, 'blog'))).toHaveLength(200)
  })

  it('ends the thread on abort(), with files still queued', async () => {
    const writer = openPageWriter({ workerFile })
    for (const [file, content] of pages(join(dir, `site-${Math.random()}`), 100)) writer.write(file, content)
    await writer.abort()
  })
})
