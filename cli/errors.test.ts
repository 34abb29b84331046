import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { KubeSiteError, fromThread } from './errors.ts'

describe('fromThread', () => {
  it("makes a KubeSiteError thrown in a worker thread one again, with its code, hint and location; leaves other errors as they are", async () => {
    const worker = new Worker(
      `class KubeSiteError extends Error { constructor(code, message, options) { super(message); this.name = 'KubeSiteError'; Object.assign(this, { code }, options) } }
       throw new KubeSiteError('PAGE_BREAKS_POLICY', 'The page holds what its Content-Security-Policy would block', { hint: 'Use a class.', location: { file: 'index.html' } })`,
      { eval: true },
    )
    const thrown = await new Promise<unknown>((resolve) => worker.once('error', resolve))
    const revived = fromThread(thrown)
    expect(revived).toBeInstanceOf(KubeSiteError)
    expect(revived).toMatchObject({ code: 'PAGE_BREAKS_POLICY', message: 'The page holds what its Content-Security-Policy would block', hint: 'Use a class.', location: { file: 'index.html' } })
    const plain = new TypeError('x')
    expect(fromThread(plain)).toBe(plain)
    expect(fromThread('text')).toBe('text')
  })
})
