import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { transformSync } from 'rolldown/utils'
import { describe, expect, it } from 'vitest'
import { temporaryFileName, writeFileAtomic } from './writeFileAtomic.ts'

const helper = fileURLToPath(new URL('./writeFileAtomic.ts', import.meta.url))

/** The helper as plain JavaScript, which a worker thread can import (vitest compiles TypeScript only for its own modules). */
function compiledHelper(dir: string): string {
  const file = join(dir, 'writeFileAtomic.mjs')
  writeFileSync(file, transformSync(helper, readFileSync(helper, 'utf8'), { lang: 'ts' }).code)
  return file
}

/** Runs `writes` atomic writes of `file` in a worker thread, each of its own content, a different length each time. */
function writeInThread(module: string, file: string, writer: number, writes: number): Promise<void> {
  const code = `
    import { workerData } from 'node:worker_threads'
    const { writeFileAtomic } = await import(workerData.module)
    for (let n = 0; n < workerData.writes; n++) writeFileAtomic(workerData.file, \`writer \${workerData.writer} write \${n} \`.repeat(1 + ((n * 7919) % 4000)))
  `
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`), { workerData: { module: `file://${module}`, file, writer, writes } })
    worker.on('error', reject)
    worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker exited with ${code}`))))
  })
}

describe('writeFileAtomic', () => {
  it('writes buffers given in parts one after another, past the 1,024 a system call takes, empty ones and views into larger buffers included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'atomic-'))
    const backing = Buffer.from('0123456789abcdef')
    const parts = [Buffer.alloc(0), ...Array.from({ length: 2500 }, (_, n) => Buffer.from(`part ${n};`)), backing.subarray(4, 9), new Uint8Array(0), Buffer.from('é€𝄞')]
    writeFileAtomic(join(dir, 'parts.bin'), parts)
    expect(readFileSync(join(dir, 'parts.bin'))).toEqual(Buffer.concat(parts))
    expect(readdirSync(dir)).toEqual(['parts.bin'])
  })

  it('writers in four threads of one process never leave a torn file, and nothing beside it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atomic-'))
    const module = compiledHelper(dir)
    const file = join(dir, 'shared.txt')
    writeFileAtomic(file, 'first')
    const writers = Promise.all([0, 1, 2, 3].map((writer) => writeInThread(module, file, writer, 300)))
    let finished = false
    void writers.finally(() => (finished = true))
    // Read while they write: each read is one whole write, one writer's, repeated.
    const torn: string[] = []
    let reads = 0
    while (!finished) {
      const text = readFileSync(file, 'utf8')
      reads++
      const unit = /^writer \d+ write \d+ /.exec(text)?.[0]
      if (text !== 'first' && !(unit && text === unit.repeat(text.length / unit.length))) torn.push(text.slice(0, 60))
      await new Promise((resolve) => setImmediate(resolve))
    }
    await writers
    expect(torn).toEqual([])
    expect(reads).toBeGreaterThan(0)
    expect(readdirSync(dir).sort()).toEqual(['shared.txt', 'writeFileAtomic.mjs'])
  }, 60_000)

  it('makes the folder when asked, and a write that fails leaves no temporary file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'atomic-'))
    writeFileAtomic(join(dir, 'a', 'b', 'file.txt'), 'made', { mkdir: true })
    expect(readFileSync(join(dir, 'a', 'b', 'file.txt'), 'utf8')).toBe('made')
    // The target is a folder: the rename fails after the write.
    expect(() => writeFileAtomic(join(dir, 'a'), 'over a folder')).toThrow()
    expect(readdirSync(dir)).toEqual(['a'])
    expect(() => writeFileAtomic(join(dir, 'missing', 'file.txt'), 'no folder')).toThrow(/ENOENT/)
    expect(readdirSync(dir)).toEqual(['a'])
  })

  it('names each temporary file apart, in one thread as across threads', () => {
    const names = new Set(Array.from({ length: 1000 }, () => temporaryFileName('/x/file')))
    expect(names.size).toBe(1000)
    for (const name of names) expect(name).toMatch(new RegExp(`^/x/file\\.${process.pid}-\\d+-[0-9a-z]+-[0-9a-f]{8}\\.tmp$`))
  })
})
