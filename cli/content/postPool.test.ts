import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KubeSiteError } from '../errors.ts'
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
