import type { PageContext } from 'vike/types'
import { describe, expect, it, vi } from 'vitest'
import onBeforeRoute from '../+onBeforeRoute.ts'

// A site in English with a German locale, as the config module serves it.
vi.mock('virtual:kube-site/config', async () => (await import('../../cli/generator/bundle/configExports.ts')).configExports({ site: { language: 'en' }, legal: {}, locales: [{ code: 'de' }] } as never))

const routed = (urlPathname: string, searchOriginal: string | null = null) => {
  const { pageContext } = onBeforeRoute({ urlPathname, urlParsed: { searchOriginal } } as unknown as PageContext)
  return { locale: pageContext.locale.code, urlLogical: 'urlLogical' in pageContext ? pageContext.urlLogical : undefined }
}

describe('+onBeforeRoute', () => {
  it.each([
    ['/', 'en', undefined],
    ['/blog/some-post/', 'en', undefined],
    ['/deutsch/', 'en', undefined],
    ['/de/', 'de', '/'],
    ['/de', 'de', '/'],
    ['/de/pricing/', 'de', '/pricing/'],
    ['/de/blog/page/2/', 'de', '/blog/page/2/'],
    ['/de/blog/tags/rbac/', 'de', '/blog/tags/rbac/'],
    ['/DE/blog/', 'de', '/blog/'],
  ])('routes %s in %s as %s (the default locale as it is)', (path, locale, urlLogical) => {
    expect(routed(path)).toEqual({ locale, urlLogical })
  })

  it("keeps the query of a locale's URL (the search page reads it)", () => {
    expect(routed('/de/blog/search/', '?q=netzwerk&tag=rbac')).toEqual({ locale: 'de', urlLogical: '/blog/search/?q=netzwerk&tag=rbac' })
  })
})
