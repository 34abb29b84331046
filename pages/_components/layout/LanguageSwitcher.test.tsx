import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { english, german } from '../../_lib/locales/__fixtures__/twoLocales.ts'
import { languageLinks } from '../../_lib/locales/languageLinks.ts'
import { siteLocales } from '../../_lib/locales/locales.ts'
import { LanguageSwitcher, type LanguageSwitcherProps } from './LanguageSwitcher.tsx'

// The interface strings come from the config module: German here, as on a German page.
vi.mock('virtual:kube-site/config', async () => (await import('../../../cli/generator/bundle/configExports.ts')).configExports({ site: { language: 'de' }, locales: [] } as never))

/** The markup without its classes (CSS modules hash them). */
const render = (props: LanguageSwitcherProps) => renderToStaticMarkup(<LanguageSwitcher {...props} />).replace(/ class="[^"]*"/g, '')

const links = languageLinks([english, german], '/de/blog/netzwerkrichtlinien/', { en: '/blog/network-policies/', de: '/de/blog/netzwerkrichtlinien/' })

describe('LanguageSwitcher', () => {
  it('is a disclosure that works without JavaScript: a <details> whose summary names the current language', () => {
    const html = render({ links, variant: 'menu' })
    expect(html).toMatch(/^<details[^>]*><summary[^>]*>/)
    expect(html).not.toMatch(/<details[^>]* open/)
    // Its name: "Sprache: Deutsch", the visible name within it (WCAG 2.5.3).
    expect(html).toMatch(/<span>Sprache: <\/span><span lang="de" dir="ltr">Deutsch<\/span>/)
  })

  it('links every other language by its name, with lang and hreflang; the current is marked and no link', () => {
    const html = render({ links, variant: 'menu' })
    expect(html).toContain('<a href="/blog/network-policies/" lang="en" hrefLang="en" dir="ltr">English</a>')
    expect(html).toMatch(/<span aria-current="true" lang="de" dir="ltr">Deutsch<svg/)
    expect(html.match(/<a /g)).toHaveLength(1)
  })

  it('in the mobile menu, lists them under a heading that names the list', () => {
    const html = render({ links, variant: 'list' })
    const heading = /<p id="([^"]+)">Sprache<\/p><ul aria-labelledby="([^"]+)">/.exec(html)
    expect(heading).not.toBeNull()
    expect(heading![1]).toBe(heading![2])
    expect(html).not.toContain('<details')
    expect(html).toContain('hrefLang="en"')
  })

  it('links under the base the site is served at', () => {
    vi.stubEnv('BASE_URL', '/docs/')
    try {
      expect(render({ links, variant: 'list' })).toContain('href="/docs/blog/network-policies/"')
    } finally {
      vi.unstubAllEnvs()
    }
  })

  it('sets each name in its own direction on an rtl site', () => {
    const [, arabic] = siteLocales({ language: 'en' }, [{ code: 'ar' }])
    const html = render({ links: languageLinks([english, arabic!], '/ar/pricing/'), variant: 'list' })
    expect(html).toContain('<a href="/pricing/" lang="en" hrefLang="en" dir="ltr">English</a>')
    expect(html).toMatch(/<span aria-current="true" lang="ar" dir="rtl">العربية<svg/)
  })

  it('renders nothing without entries (a site of one language)', () => {
    expect(render({ links: [], variant: 'menu' })).toBe('')
  })
})
