import { fileURLToPath } from 'node:url'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import type { LocaleSettings } from '../../_lib/locales/locales.ts'

// The real config, with the locales each test gives (header() mocks the config module anew).
const state = vi.hoisted(() => ({ pageContext: {} as Record<string, unknown> }))
vi.mock('vike-react/usePageContext', () => ({ usePageContext: () => state.pageContext }))

/** The header of the page at `path` on a site with `locales` besides English, without its classes (CSS modules hash them). */
async function header(locales: LocaleSettings[], path: string, data?: unknown): Promise<string> {
  vi.resetModules()
  vi.doMock('virtual:kube-site/config', async () => {
    const { loadSiteConfig } = await import('../../../cli/content/config/loadSiteConfig.ts')
    const { configExports } = await import('../../../cli/generator/bundle/configExports.ts')
    const repo = fileURLToPath(new URL('../../..', import.meta.url))
    const { config } = await loadSiteConfig(`${repo}site.config.ts`, repo)
    return configExports({ ...config, locales: locales.map((locale) => ({ ...locale, copy: undefined })) })
  })
  state.pageContext = { urlPathname: path, data, is404: false }
  const { Header } = await import('./Header.tsx')
  return renderToStaticMarkup(<Header />).replace(/ class="[^"]*"/g, '')
}

describe('the header on a site of two languages', () => {
  it('has the switcher in its bar, leading from a translated post to its original', async () => {
    const html = await header([{ code: 'de' }], '/de/blog/netzwerkrichtlinien/', { translations: { en: '/blog/network-policies/', de: '/de/blog/netzwerkrichtlinien/' } })
    const bar = /<div><details>.*?<\/details>/.exec(html)?.[0]
    expect(bar).toContain('<span>Language: </span><span lang="de" dir="ltr">Deutsch</span>')
    expect(bar).toContain('<a href="/blog/network-policies/" lang="en" hrefLang="en" dir="ltr">English</a>')
  })

  it('lists the languages in the navigation the mobile panel shows without JavaScript, and hands them to the mobile menu', async () => {
    const html = await header([{ code: 'de' }], '/pricing/')
    const nav = /<nav aria-label="Main">.*?<\/nav>/.exec(html)?.[0]
    expect(nav).toMatch(/<p id="[^"]+">Language<\/p><ul aria-labelledby="[^"]+"><li><span aria-current="true" lang="en" dir="ltr">English<svg.*?<\/span><\/li><li><a href="\/de\/pricing\/" lang="de" hrefLang="de" dir="ltr">Deutsch<\/a><\/li><\/ul>/)
    const props = [...html.matchAll(/<script type="application\/json">([^<]*)<\/script><kube-island data-name="MobileMenu"/g)].map(([, json]) => JSON.parse(json!) as { languages?: unknown })
    expect(props[0]?.languages).toEqual([
      { code: 'en', name: 'English', direction: 'ltr', href: '/pricing/', current: true },
      { code: 'de', name: 'Deutsch', direction: 'ltr', href: '/de/pricing/', current: false },
    ])
  })
})

describe('the header on a site of one language', () => {
  it('has no switcher, and the mobile menu no languages', async () => {
    const html = await header([], '/pricing/')
    expect(html).not.toContain('<details')
    expect(html).not.toContain('hrefLang')
    expect(html).not.toContain('"languages"')
    expect(html).toContain('<kube-island data-name="MobileMenu"')
  })
})
