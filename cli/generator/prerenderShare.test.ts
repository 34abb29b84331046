import { describe, expect, it } from 'vitest'
import { breather } from './prerenderShare.ts'

describe('breather', () => {
  // What vike's prerender is to the event loop: chains of promises that never wait for it.
  async function renderPages(pause: () => Promise<void> | undefined, until: () => boolean) {
    const started = performance.now()
    const page = async () => {
      while (!until() && performance.now() - started < 1_000) {
        await Promise.resolve()
        await pause()
      }
    }
    await Promise.all([page(), page(), page()])
  }

  it('lets the event loop turn while pages render, so a pipe or a thread waiting on it is answered', async () => {
    let turned = false
    setImmediate(() => (turned = true))
    await renderPages(breather(), () => turned)
    expect(turned).toBe(true)
  })

  it('is needed: without it the loop does not turn until the pages are done', async () => {
    let turned = false
    setImmediate(() => (turned = true))
    await renderPages(() => undefined, () => turned)
    expect(turned).toBe(false)
  })
})
