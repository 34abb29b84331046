import { describe, expect, it } from 'vitest'
import { backoffDelay, isTransient, withRetry } from './retry.ts'

const sdkError = (name: string, status?: number) => Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } })
const networkError = (code: string) => Object.assign(new Error(`connect ${code}`), { code })

describe('isTransient', () => {
  it.each([
    ['503 SlowDown', sdkError('SlowDown', 503), true],
    ['500 InternalError', sdkError('InternalError', 500), true],
    ['502 with no code', sdkError('Unknown', 502), true],
    ['429', sdkError('TooManyRequests', 429), true],
    ['throttling without a status', sdkError('ThrottlingException'), true],
    ['RequestTimeout (400)', sdkError('RequestTimeout', 400), true],
    ['a reset connection', networkError('ECONNRESET'), true],
    ['a timed-out connection', networkError('ETIMEDOUT'), true],
    ['a broken pipe', networkError('EPIPE'), true],
    ['a DNS blip', networkError('EAI_AGAIN'), true],
    ["the SDK's own timeout", Object.assign(new Error('timed out'), { name: 'TimeoutError' }), true],
    ['403 AccessDenied', sdkError('AccessDenied', 403), false],
    ['404 NoSuchBucket', sdkError('NoSuchBucket', 404), false],
    ['400 BadDigest', sdkError('BadDigest', 400), false],
    ['a refused connection (wrong endpoint)', networkError('ECONNREFUSED'), false],
    ['an unknown host', networkError('ENOTFOUND'), false],
    ['missing credentials', Object.assign(new Error('Could not load credentials'), { name: 'CredentialsProviderError' }), false],
    ['a plain error', new Error('boom'), false],
    ['not an error', 'boom', false],
    ['null', null, false],
  ])('%s → %s', (_, error, expected) => {
    expect(isTransient(error)).toBe(expected)
  })
})

describe('backoffDelay', () => {
  it.each([
    // attempt, random, expected: random × min(maxMs, baseMs × 2^(attempt-1)) with baseMs 200, maxMs 5000
    [1, 0.5, 100],
    [2, 0.5, 200],
    [3, 0.5, 400],
    [5, 0.5, 1600],
    [6, 0.5, 2500], // capped at 5000
    [10, 0.999, 4995],
    [3, 0, 0],
  ])('try %i, random %f → %i ms', (attempt, random, expected) => {
    expect(backoffDelay(attempt, { random: () => random })).toBe(expected)
  })
})

describe('withRetry', () => {
  const noWait = { sleep: async () => {}, random: () => 1 }

  it('retries transient failures with growing waits, then succeeds', async () => {
    const waits: number[] = []
    let calls = 0
    const result = await withRetry(
      async () => {
        calls++
        if (calls < 4) throw sdkError('SlowDown', 503)
        return 'done'
      },
      { ...noWait, onRetry: (_, __, delay) => waits.push(delay) },
    )
    expect(result).toBe('done')
    expect(calls).toBe(4)
    expect(waits).toEqual([200, 400, 800])
  })

  it('gives up after the last try and throws the last failure', async () => {
    let calls = 0
    const failure = withRetry(
      async () => {
        calls++
        throw sdkError('InternalError', 500)
      },
      { ...noWait, attempts: 3 },
    )
    await expect(failure).rejects.toMatchObject({ name: 'InternalError' })
    expect(calls).toBe(3)
  })

  it('never retries what another try cannot fix', async () => {
    let calls = 0
    const failure = withRetry(async () => {
      calls++
      throw sdkError('AccessDenied', 403)
    }, noWait)
    await expect(failure).rejects.toMatchObject({ name: 'AccessDenied' })
    expect(calls).toBe(1)
  })
})
