import { describe, expect, it } from 'vitest'
import { breather, withRoot } from './prerenderShare.ts'

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

describe('withRoot', () => {
  const markup = '<main><p>$& $1 $$ <!--kube-site:root:9--></p></main>'

  it("puts a page's markup back where its marker stands, as it was (no replacement patterns), once", () => {
    const roots = new Map([['<!--kube-site:root:3-->', markup]])
    const document = '<!DOCTYPE html><html><head></head><body><div id="root"><!--kube-site:root:3--></div><script src="/a.js"></script></body></html>'
    expect(withRoot(document, roots)).toBe(`<!DOCTYPE html><html><head></head><body><div id="root">${markup}</div><script src="/a.js"></script></body></html>`)
    expect(roots.size).toBe(0)
  })

  it('leaves a document without a marker as it is, and refuses a marker whose markup it does not hold', () => {
    expect(withRoot('<html><body><div id="root"></div></body></html>', new Map())).toBe('<html><body><div id="root"></div></body></html>')
    expect(() => withRoot('<div id="root"><!--kube-site:root:4--></div>', new Map([['<!--kube-site:root:3-->', markup]]))).toThrow(/not held/)
  })
})
