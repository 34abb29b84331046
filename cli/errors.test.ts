import { once } from 'node:events'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { KubeSiteError, fromWire, toWire } from './errors.ts'

describe('toWire and fromWire', () => {
  it('carry a KubeSiteError across postMessage with its code, place, frame, hint, problems and the stack that caused it', async () => {
    const cause = new Error('vite: Build failed')
    const error = new KubeSiteError('BUILD_FAILED', 'The bundle could not be made: 2 problems', {
      hint: 'Fix the file named above.',
      problems: [new KubeSiteError('BUILD_FAILED', 'Unexpected token', { location: { file: 'pages/a.tsx', line: 2, column: 11 }, frame: '> 2 | const z = = 1' })],
      cause,
    })
    const worker = new Worker('require("node:worker_threads").parentPort.once("message", (message) => require("node:worker_threads").parentPort.postMessage(message))', { eval: true })
    worker.postMessage(toWire(error))
    const [posted] = (await once(worker, 'message')) as [ReturnType<typeof toWire>]
    await worker.terminate()
    const otherwise = (message: string) => new KubeSiteError('INTERNAL', `not ours: ${message}`)
    const revived = fromWire(posted, otherwise)
    expect(revived).toBeInstanceOf(KubeSiteError)
    expect(revived).toMatchObject({ code: 'BUILD_FAILED', message: error.message, hint: error.hint, location: undefined })
    expect(revived.problems).toHaveLength(1)
    expect(revived.problems[0]).toMatchObject({ code: 'BUILD_FAILED', message: 'Unexpected token', location: { file: 'pages/a.tsx', line: 2, column: 11 }, frame: '> 2 | const z = = 1' })
    expect((revived.cause as Error).stack).toBe(cause.stack)
    expect(fromWire(toWire(new TypeError('x is not a function')), otherwise)).toMatchObject({ code: 'INTERNAL', message: 'not ours: x is not a function' })
  })
})
