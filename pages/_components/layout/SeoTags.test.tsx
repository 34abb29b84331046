import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setSiteContent, type SiteContent } from '../../../cli/generator/siteContent.ts'
import { content, english, german, oneLocale } from '../../_lib/locales/__fixtures__/twoLocales.ts'
import type { SiteLocale } from '../../_lib/locales/locales.ts'
import { SeoTags } from './SeoTags.tsx'
import { LocaleContext } from '../../_lib/locales/pageLocale.ts'

// The config module of the build, of the two locales' site.
vi.mock('virtual:kube-site/config', async () => (await import('../../../cli/generator/bundle/configExports.ts')).configExports((await import('../../_lib/locales/__fixtures__/twoLocales.ts')).config))
const pageContext = vi.hoisted(() => ({ current: {} as Record<string, unknown> }))
vi.mock('vike-react/usePageContext', () => ({ usePageContext: () => pageContext.current }))

afterEach(() => setSiteContent(undefined))

/**
 * The head of the page at `path` (the path in the default locale, as vike routes it once
 * +onBeforeRoute took the prefix off) in `locale`, on the site `site`.
 */
function head(site: SiteContent, path: string, { locale, data, is404 = false }: { locale?: SiteLocale; data?: unknown; is404?: boolean } = {}): string {
  setSiteContent(site)
  pageContext.current = { urlPathname: path, locale, data, is404 }
  return renderToStaticMarkup(
    <LocaleContext.Provider value={locale ?? english}>
      <SeoTags />
    </LocaleContext.Provider>,
  )
}

/** The hreflang links of a head, as `hreflang href`. */
const hreflang = (html: string) => [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map(([, lang, href]) => `${lang} ${href}`)
const ogAlternates = (html: string) => [...html.matchAll(/<meta property="og:locale:alternate" content="([^"]+)"\/>/g)].map(([, value]) => value)

describe('SeoTags on a site of two languages', () => {
  it('links a translated post and its original both ways, absolute, with x-default to the original', () => {
    const original = head(content, '/blog/network-policies/', { locale: english })
    const translation = head(content, '/blog/netzwerkrichtlinien/', { locale: german })
    const expected = ['en https://kubeguard.dev/blog/network-policies/', 'de https://kubeguard.dev/de/blog/netzwerkrichtlinien/', 'x-default https://kubeguard.dev/blog/network-policies/']
    expect(hreflang(original)).toEqual(expected)
    expect(hreflang(translation)).toEqual(expected)
    // Canonical to itself, in its own language.
    expect(translation).toContain('<link rel="canonical" href="https://kubeguard.dev/de/blog/netzwerkrichtlinien/"/>')
    expect(translation).toContain('<meta property="og:url" content="https://kubeguard.dev/de/blog/netzwerkrichtlinien/"/>')
    expect(translation).toContain('<meta property="og:locale" content="de_DE"/>')
    expect(ogAlternates(translation)).toEqual(['en_US'])
    expect(original).toContain('<meta property="og:locale" content="en_US"/>')
    expect(ogAlternates(original)).toEqual(['de_DE'])
  })

  it('gives the pages every language has their versions, the German home too', () => {
    expect(hreflang(head(content, '/', { locale: german }))).toEqual(['en https://kubeguard.dev/', 'de https://kubeguard.dev/de/', 'x-default https://kubeguard.dev/'])
    expect(hreflang(head(content, '/pricing/'))).toEqual(['en https://kubeguard.dev/pricing/', 'de https://kubeguard.dev/de/pricing/', 'x-default https://kubeguard.dev/pricing/'])
  })

  it('gives a page without a translation no hreflang and no og:locale:alternate', () => {
    for (const [path, locale] of [
      ['/blog/nur-deutsch/', german],
      ['/blog/english-only/', english],
      ['/blog/tags/rbac/', german],
      ['/blog/page/2/', english],
      ['/terms-of-service/', english],
    ] as const) {
      const html = head(content, path, { locale })
      expect(hreflang(html), path).toEqual([])
      expect(ogAlternates(html), path).toEqual([])
      expect(html).toContain(`<link rel="canonical" href="https://kubeguard.dev${locale.prefix}${path}"/>`)
    }
    const notFound = head(content, '/404', { locale: german, is404: true })
    expect(hreflang(notFound)).toEqual([])
    expect(notFound).not.toContain('rel="canonical"')
  })

  it('writes hreflang under the base the site is served at', () => {
    vi.stubEnv('BASE_URL', '/docs/')
    try {
      expect(hreflang(head(content, '/blog/pods/', { locale: german }))).toEqual(['en https://kubeguard.dev/docs/blog/pods/', 'de https://kubeguard.dev/docs/de/blog/pods/', 'x-default https://kubeguard.dev/docs/blog/pods/'])
    } finally {
      vi.unstubAllEnvs()
    }
  })
})

describe('SeoTags on a site of one language', () => {
  it('has no hreflang, no og:locale:alternate: the head it always had', () => {
    const html = head(oneLocale, '/pricing')
    expect(hreflang(html)).toEqual([])
    expect(ogAlternates(html)).toEqual([])
    expect(html).toContain('<link rel="canonical" href="https://kubeguard.dev/pricing/"/>')
  })
})
