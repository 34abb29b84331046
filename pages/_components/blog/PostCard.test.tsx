import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { config, english, german, post } from '../../_lib/locales/__fixtures__/twoLocales.ts'
import { LocaleContext } from '../../_lib/locales/pageLocale.ts'
import type { SiteLocale } from '../../_lib/locales/locales.ts'
import { PostCard } from './PostCard.tsx'

// A site in English with a German locale: the config module serves both locales' interface strings.
vi.mock('virtual:kube-site/config', async () => {
  const { config: twoLocales } = await import('../../_lib/locales/__fixtures__/twoLocales.ts')
  return (await import('../../../cli/generator/bundle/configExports.ts')).configExports({ ...twoLocales, authors: {} })
})

/** The card as a page of `locale` renders it, without its classes (CSS modules hash them). */
const render = (locale: SiteLocale, shown: ReturnType<typeof post>) =>
  renderToStaticMarkup(
    <LocaleContext.Provider value={locale}>
      <PostCard post={shown} origin="/blog/" />
    </LocaleContext.Provider>,
  ).replace(/ class="[^"]*"/g, '')

describe('PostCard', () => {
  it("shows an English post on the German blog as English: lang on the card, the original's link with hreflang, its tags' English pages, a German label", () => {
    expect(config.locales).toHaveLength(1)
    const html = render(german, post('pod-security', { title: 'Pod security', locale: 'en', tags: ['rbac'] }))
    expect(html).toMatch(/^<article lang="en" dir="ltr">/)
    expect(html).toContain('<a href="/blog/pod-security/" hrefLang="en" data-vike="false">Pod security</a>')
    expect(html).toContain('<p lang="de" dir="ltr">Nur auf Englisch</p>')
    expect(html).toContain('href="/blog/tags/rbac/"')
    expect(html).not.toContain('/de/')
    // Its own words are English too: its day and the card's call to read it.
    expect(html).toContain('Read article')
  })

  it("shows a post of the page's own locale as it did: no lang, no hreflang, no label, links under the page's prefix", () => {
    const html = render(german, post('rollen', { title: 'Rollen', locale: 'de' }))
    expect(html).toMatch(/^<article>/)
    expect(html).toContain('<a href="/de/blog/rollen/" data-vike="false">Rollen</a>')
    expect(html).not.toContain('Nur auf')
    expect(html).toContain('href="/de/blog/tags/rbac/"')
    expect(render(english, post('pods', { locale: 'en' }))).not.toMatch(/lang=|Only in/)
  })
})
