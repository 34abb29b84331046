import { describe, expect, it } from 'vitest'
import { breather, sharedPageConfig, withRoot } from './prerenderShare.ts'

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

describe('sharedPageConfig', () => {
  // A page context as vike's loadPageConfigsLazyServerSide leaves it: the config resolved anew,
  // and `pageExports` a getter over the copy's own object.
  function pageContext(pageId: string | null, url: string) {
    const pageExports = { Page: `Page of ${pageId}` }
    const context: Record<string, unknown> = { pageId, urlOriginal: url, config: { title: pageId }, configEntries: { title: [{ configValue: pageId }] }, exports: { ...pageExports }, exportsAll: { Page: [{ exportValue: pageExports.Page }] }, from: { configsStandard: {} }, source: {}, sources: {} }
    Object.defineProperty(context, 'pageExports', { get: () => pageExports, enumerable: false, configurable: true })
    return context
  }

  it("gives every page of a route the first page's config, and keeps each page's own fields", () => {
    const share = sharedPageConfig()
    const first = pageContext('/pages/blog/post', '/blog/a/')
    const second = pageContext('/pages/blog/post', '/blog/b/')
    const other = pageContext('/pages/index', '/')
    const ownOfOther = { ...other }
    share(first)
    share(second)
    share(other)
    for (const field of ['config', 'configEntries', 'exports', 'exportsAll', 'from', 'source', 'sources', 'pageExports']) {
      expect(second[field], field).toBe(first[field])
      expect(other[field], field).not.toBe(first[field])
    }
    expect(Object.getOwnPropertyDescriptor(second, 'pageExports')?.enumerable).toBe(false)
    expect(second.urlOriginal).toBe('/blog/b/')
    expect(other).toEqual(ownOfOther)
  })

  it('leaves a context without a route, or without a field, as it is; a new prerender starts afresh', () => {
    const share = sharedPageConfig()
    const first = pageContext('/pages/blog/post', '/blog/a/')
    share(first)
    const noRoute = pageContext(null, '/nowhere/')
    const config = noRoute.config
    share(noRoute)
    expect(noRoute.config).toBe(config)

    const withoutSources = pageContext('/pages/index', '/')
    delete withoutSources.sources
    share(withoutSources)
    const next = pageContext('/pages/index', '/again/')
    const ownSources = next.sources
    share(next)
    expect(next.config).toBe(withoutSources.config)
    expect(next.sources).toBe(ownSources)

    const later = pageContext('/pages/blog/post', '/blog/c/')
    sharedPageConfig()(later)
    expect(later.config).not.toBe(first.config)
  })
})
