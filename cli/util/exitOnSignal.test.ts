import { afterEach, describe, expect, it, vi } from 'vitest'
import { closeWithin } from './exitOnSignal.ts'

describe('closeWithin', () => {
  afterEach(() => vi.useRealTimers())

  it('resolves as soon as the close finishes, failed or not', async () => {
    await expect(closeWithin(() => Promise.resolve(), 60_000)).resolves.toBe('closed')
    await expect(closeWithin(() => Promise.reject(new Error('already closed')), 60_000)).resolves.toBe('closed')
  })

  it('resolves after the grace period when the close never finishes (a transform left waiting forever)', async () => {
    vi.useFakeTimers()
    let settled: string | undefined
    void closeWithin(() => new Promise(() => {}), 1000).then((how) => (settled = how))
    await vi.advanceTimersByTimeAsync(999)
    expect(settled).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toBe('timed out')
  })
})
