import { describe, expect, it } from 'vitest'
import { mapConcurrent } from './mapConcurrent.ts'

describe('mapConcurrent', () => {
  it('keeps the order and never runs more than the limit at once', async () => {
    let running = 0
    let most = 0
    const results = await mapConcurrent([5, 1, 4, 2, 3, 0], 2, async (delay, index) => {
      running++
      most = Math.max(most, running)
      await new Promise((resolve) => setTimeout(resolve, delay))
      running--
      return `${index}:${delay}`
    })
    expect(results).toEqual(['0:5', '1:1', '2:4', '3:2', '4:3', '5:0'])
    expect(most).toBe(2)
  })

  it('handles no items', async () => {
    await expect(mapConcurrent([], 4, async () => 1)).resolves.toEqual([])
  })

  it('after a failure starts nothing new, lets the running ones finish, then throws the first error', async () => {
    const started: number[] = []
    const finished: number[] = []
    const run = mapConcurrent([0, 1, 2, 3, 4], 2, async (n) => {
      started.push(n)
      if (n === 0) throw new Error('zero')
      await new Promise((resolve) => setTimeout(resolve, 20))
      finished.push(n)
    })
    await expect(run).rejects.toThrow('zero')
    expect(started).toEqual([0, 1])
    expect(finished).toEqual([1])
  })
})
