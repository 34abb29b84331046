import { describe, expect, it, vi } from 'vitest'
import { onFirstUse } from './onFirstUse.ts'

describe('onFirstUse', () => {
  it('loads nothing until asked, then loads once and keeps what it made', () => {
    const load = vi.fn((require: NodeJS.Require) => require('node:path') as typeof import('node:path'))
    const path = onFirstUse(load)
    expect(load).not.toHaveBeenCalled()
    expect(path().join('a', 'b')).toBe('a/b')
    expect(path()).toBe(path())
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('keeps a value that is falsy', () => {
    const load = vi.fn(() => 0)
    const zero = onFirstUse(load)
    expect([zero(), zero()]).toEqual([0, 0])
    expect(load).toHaveBeenCalledTimes(1)
  })
})
