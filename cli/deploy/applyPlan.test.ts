import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { KubeSiteError } from '../errors.ts'
import { applyPlan, type ObjectStore } from './applyPlan.ts'
import type { LocalFile } from './localFiles.ts'
import { planDeploy, type DeployObject } from './planDeploy.ts'
import { DEFAULT_STORAGE, objectHeaders } from './storedObject.ts'

const file = (path: string): LocalFile => ({ path, size: path.length, md5: createHash('md5').update(path).digest('hex'), headers: objectHeaders(path, DEFAULT_STORAGE) })
const local = [
  'index.html',
  'index.pageContext.json',
  'blog/index.html',
  'blog/index.pageContext.json',
  'assets/entries/a.1.js',
  'assets/entries/b.2.js',
  'assets/chunks/c.3.js',
  'assets/static/d.4.css',
  'uploads/x.pdf',
  'images/y.svg',
  'favicon.svg',
].map(file)
const remote = [{ key: 'old/index.html', size: 1, etag: 'x' }, { key: 'old/index.pageContext.json', size: 1, etag: 'y' }]
const plan = planDeploy(local, remote, { prefix: '', layout: 'website', force: false })
const context = { target: 's3://site', bucket: 'site' }

/** A store that takes a little random time per request and logs when each starts and ends. */
function fakeStore(fail?: (kind: 'put' | 'delete', key: string, attempt: number) => unknown) {
  const log: Array<{ kind: 'put' | 'delete'; key: string; event: 'start' | 'end' }> = []
  const attempts = new Map<string, number>()
  const request = async (kind: 'put' | 'delete', key: string) => {
    const attempt = (attempts.get(key) ?? 0) + 1
    attempts.set(key, attempt)
    log.push({ kind, key, event: 'start' })
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 5))
    const error = fail?.(kind, key, attempt)
    if (error) throw error
    log.push({ kind, key, event: 'end' })
  }
  const store: ObjectStore = { put: (object: DeployObject) => request('put', object.key), delete: (key) => request('delete', key) }
  return { store, log, attempts }
}

const options = { concurrency: 3, context, readBody: async () => Buffer.from(''), retry: { sleep: async () => {}, random: () => 0 } }
const phaseOf = (key: string) => (key.startsWith('assets/') ? 0 : /\.html$|pageContext/.test(key) ? 2 : 1)

describe('applyPlan', () => {
  it('finishes every asset before any other file starts, every file before any page, every upload before any delete', async () => {
    const { store, log } = fakeStore()
    const result = await applyPlan(plan, store, options)
    expect(result).toMatchObject({ uploaded: 11, deleted: 2, retries: 0 })
    expect(result.phases.map((p) => [p.phase, p.objects])).toEqual([['assets', 4], ['files', 3], ['pages', 4], ['deletes', 2]])
    const rank = (entry: (typeof log)[number]) => (entry.kind === 'delete' ? 3 : phaseOf(entry.key))
    for (const phase of [1, 2, 3]) {
      const firstStart = log.findIndex((entry) => entry.event === 'start' && rank(entry) === phase)
      const lastEarlierEnd = log.findLastIndex((entry) => entry.event === 'end' && rank(entry) < phase)
      expect(firstStart, `phase ${phase} starts after the earlier ones end`).toBeGreaterThan(lastEarlierEnd)
    }
    expect(log.filter((entry) => entry.event === 'end')).toHaveLength(13)
  })

  it('keeps at most `concurrency` requests under way', async () => {
    const { store, log } = fakeStore()
    await applyPlan(plan, store, { ...options, concurrency: 2 })
    let open = 0
    let most = 0
    for (const entry of log) {
      open += entry.event === 'start' ? 1 : -1
      most = Math.max(most, open)
    }
    expect(most).toBe(2)
  })

  it('retries a transient failure and counts it', async () => {
    const slowDown = Object.assign(new Error('Please reduce your request rate.'), { name: 'SlowDown', $metadata: { httpStatusCode: 503 } })
    const { store, attempts } = fakeStore((kind, key, attempt) => (key === 'assets/chunks/c.3.js' && attempt <= 2 ? slowDown : undefined))
    const retried: string[] = []
    const result = await applyPlan(plan, store, { ...options, onRetry: (action, _, attempt) => retried.push(`${action} #${attempt}`) })
    expect(result).toMatchObject({ uploaded: 11, deleted: 2, retries: 2 })
    expect(attempts.get('assets/chunks/c.3.js')).toBe(3)
    expect(retried).toEqual(['uploading assets/chunks/c.3.js #1', 'uploading assets/chunks/c.3.js #2'])
  })

  it('stops at a lasting failure: no later phase starts, nothing is deleted', async () => {
    const denied = Object.assign(new Error('Access Denied'), { name: 'AccessDenied', Code: 'AccessDenied', $metadata: { httpStatusCode: 403 } })
    const { store, log } = fakeStore((kind, key) => (key === 'uploads/x.pdf' ? denied : undefined))
    const failure = await applyPlan(plan, store, options).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(KubeSiteError)
    expect(failure).toMatchObject({ code: 'DEPLOY_ACCESS_DENIED', message: 'Access denied while uploading uploads/x.pdf (AccessDenied)' })
    expect((failure as KubeSiteError).hint).toMatch(/of 11 uploads were done and nothing was deleted/)
    expect(log.filter((e) => e.kind === 'delete' || phaseOf(e.key) === 2)).toEqual([])
  })

  it('does nothing for an empty plan', async () => {
    const { store, log } = fakeStore()
    const result = await applyPlan({ uploads: [], deletes: [], unchanged: [], kept: 0 }, store, options)
    expect(result).toEqual({ uploaded: 0, deleted: 0, bytes: 0, retries: 0, phases: [] })
    expect(log).toEqual([])
  })
})
