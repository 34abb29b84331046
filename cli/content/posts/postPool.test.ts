import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KubeSiteError } from '../../errors.ts'
import { loadInWorkers } from './postPool.ts'

// A post-loading thread that cannot start must fail the load, never leave it waiting: each
// share's summary and bodies settle whichever way its thread ends, or does not begin.

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'post-pool-'))
  for (const name of ['a.md', 'b.md']) writeFileSync(join(dir, name), '---\ntitle: "T"\n---\nBody.\n')
  // One worker, however few the posts.
  vi.stubEnv('KUBE_SITE_POST_WORKERS', '1')
})
afterEach(() => {
  vi.unstubAllEnvs()
  rmSync(dir, { recursive: true, force: true })
})

const load = (workerFile: string) => loadInWorkers({ dir, names: ['a.md', 'b.md'], cwd: dir, known: new Set() }, 2, () => {}, () => {}, { workerFile })

describe('loadInWorkers', () => {
  // A relative path is one Node's Worker refuses as it is constructed (ERR_WORKER_PATH): no
  // thread, so no event of one, ever settles its share. The timeout turns a hang into a failure.
  it('rejects with an internal error when a worker cannot be constructed', { timeout: 30_000 }, async () => {
    const error: unknown = await load('postWorker.mjs').then(
      () => expect.unreachable('the load resolved'),
      (error: unknown) => error,
    )
    expect(error).toBeInstanceOf(KubeSiteError)
    expect(error).toMatchObject({ code: 'INTERNAL' })
    expect((error as KubeSiteError).message).toMatch(/^Internal error: a post-loading thread could not start: .*postWorker\.mjs/)
    expect((error as KubeSiteError).hint).toMatch(/bug in kube-site/)
  })

  // A missing file is found by the thread once it has started: its error event fails the load.
  it('rejects with the post-loading error when the worker file is missing', { timeout: 30_000 }, async () => {
    await expect(load(join(dir, 'missing', 'postWorker.mjs'))).rejects.toMatchObject({ code: 'BUILD_FAILED', message: expect.stringMatching(/^A post-loading thread stopped.*Cannot find module/) })
  })
})

describe('loadInWorkers: threads', () => {
  /** How many threads a load of many posts starts: a stand-in worker says which names it was given, as one outcome. */
  async function threadsOf(sharedBy?: number): Promise<number> {
    vi.unstubAllEnvs()
    const workerFile = join(dir, 'names.mjs')
    writeFileSync(
      workerFile,
      "import { parentPort, workerData } from 'node:worker_threads'\n" +
        "parentPort.postMessage({ outcomes: [{ name: workerData.names.join(','), key: '' }] })\n" +
        "parentPort.postMessage({ summarized: true })\nparentPort.postMessage({ done: true })\n",
    )
    const names = Array.from({ length: 64 }, (_, n) => `post-${n}.md`)
    const shares: string[] = []
    const loaded = await loadInWorkers({ dir, names, cwd: dir, known: new Set() }, 10_000, (outcome) => shares.push(outcome.name), () => {}, { workerFile, sharedBy })
    if (!loaded) return 0
    await loaded.rendered
    // Every post in one share, each once.
    expect(shares.flatMap((share) => share.split(',')).sort()).toEqual([...names].sort())
    return shares.length
  }

  it('takes a thread a core alone, and its part of the cores when loads of several locales share them (one at least)', async () => {
    const cores = availableParallelism()
    expect(await threadsOf()).toBe(cores)
    expect(await threadsOf(2)).toBe(Math.max(1, Math.floor(cores / 2)))
    expect(await threadsOf(cores + 1)).toBe(1)
  })
})

