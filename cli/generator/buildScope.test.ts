import { existsSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createBuildScope, settleInOrder } from './buildScope.ts'

describe('createBuildScope', () => {
  it('removes its folders and runs its clean-ups only once the work beside has settled', async () => {
    const scope = createBuildScope()
    const dir = join(mkdtempSync(join(tmpdir(), 'scope-')), 'work')
    mkdirSync(dir)
    const events: string[] = []
    let finish!: () => void
    scope.waitFor(new Promise<void>((resolve) => (finish = resolve)).then(() => void events.push('work settled')))
    scope.waitFor(Promise.reject(new Error('a failure beside is not the end’s to report')))
    scope.removeAtEnd(dir)
    scope.onEnd(() => events.push(`released, folder ${existsSync(dir) ? 'still there' : 'gone'}`))
    const ended = scope.end()
    await Promise.resolve()
    expect(events).toEqual([])
    finish()
    await ended
    expect(events).toEqual(['work settled', 'released, folder gone'])
  })

  it('cleans up at once when aborted, and once only', () => {
    const scope = createBuildScope()
    let released = 0
    scope.waitFor(new Promise(() => {}))
    scope.onEnd(() => released++)
    scope.abort()
    scope.abort()
    expect(released).toBe(1)
  })
})

describe('settleInOrder', () => {
  it('waits for every promise and throws the first failure in the order given, not in time', async () => {
    let failFirst!: (error: Error) => void
    let finishThird!: (value: number) => void
    const first = new Promise<never>((_, reject) => (failFirst = reject))
    const second = Promise.reject(new Error('second'))
    const third = new Promise<number>((resolve) => (finishThird = resolve))
    let outcome: unknown
    const all = settleInOrder([first, second, third]).catch((error: Error) => (outcome = error.message))
    await new Promise((resolve) => setImmediate(resolve))
    // The second has failed, but the others have not settled: nothing is thrown yet.
    expect(outcome).toBeUndefined()
    finishThird(3)
    failFirst(new Error('first'))
    await all
    expect(outcome).toBe('first')
  })

  it('returns the values in order', async () => {
    await expect(settleInOrder([Promise.resolve(1), Promise.resolve('two')])).resolves.toEqual([1, 'two'])
  })
})
