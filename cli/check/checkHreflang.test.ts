import { describe, expect, it } from 'vitest'
import { hreflangFindings, type HreflangSet } from './checkHreflang.ts'

const EN = 'https://a.example/blog/'
const DE = 'https://a.example/de/blog/'
const FR = 'https://a.example/fr/blog/'

/** A head's set on the page at `self`, of 'lang url' pairs. */
const head = (self: string, ...pairs: string[]): HreflangSet => ({
  at: new URL(self).pathname,
  self,
  links: pairs.map((pair) => ({ hreflang: pair.split(' ')[0]!, href: pair.split(' ')[1]! })),
  source: 'head',
})
const full = (self: string) => head(self, `en ${EN}`, `de ${DE}`, `x-default ${EN}`)

/** The findings of the set on `self`, with the other pages' sets as given (a page not given is no page of the site to ask). */
function findingsOf(sets: HreflangSet[], self: string, pages: Record<string, HreflangSet | undefined> = {}) {
  const set = sets.find((each) => each.self === self)!
  const all = new Map<string, HreflangSet | undefined>([...sets.map((each): [string, HreflangSet] => [each.self, each]), ...Object.entries(pages)])
  return hreflangFindings(set, (href) => (all.has(href) ? all.get(href) : 'unknown')).map(({ code, page, target, message }) => [code, page, target, message])
}

describe('hreflangFindings', () => {
  it('finds nothing in a set that names itself, has x-default, and every page of which names the same set, in any case of language', () => {
    const sets = [full(EN), { ...full(DE), links: full(DE).links.map((link) => ({ ...link, hreflang: link.hreflang.toUpperCase() })) }]
    expect(findingsOf(sets, EN)).toEqual([])
    expect(findingsOf(sets, DE)).toEqual([])
  })

  it('finds a set that does not name its own page, and one without x-default', () => {
    expect(findingsOf([head(DE, `en ${EN}`, `x-default ${EN}`), full(EN)], DE)).toEqual([
      ['HREFLANG_WITHOUT_SELF', '/de/blog/', DE, 'its hreflang links (en, x-default) do not name this page itself: search engines ignore a set without the page it is on'],
      ['HREFLANG_NOT_RECIPROCAL', '/de/blog/', EN, `hreflang="en" names ${EN}, whose set is not the same: that page's has de ${DE} besides`],
    ])
    expect(findingsOf([head(EN, `en ${EN}`, `de ${DE}`), head(DE, `en ${EN}`, `de ${DE}`)], EN)).toEqual([
      ['HREFLANG_WITHOUT_X_DEFAULT', '/blog/', EN, 'its hreflang links (en, de) have no x-default, the version for a reader of any other language'],
    ])
  })

  it('finds a page named that does not name this one back, or names another set', () => {
    expect(findingsOf([full(EN)], EN, { [DE]: undefined })).toEqual([
      ['HREFLANG_NOT_RECIPROCAL', '/blog/', DE, `hreflang="de" names ${DE}, which does not name this page back: search engines ignore the pair`],
    ])
    expect(findingsOf([full(EN), head(DE, `de ${DE}`, `fr ${FR}`, `x-default ${FR}`)], EN)).toEqual([
      ['HREFLANG_NOT_RECIPROCAL', '/blog/', DE, `hreflang="de" names ${DE}, which does not name this page back: search engines ignore the pair`],
    ])
    const withFrench = head(EN, `en ${EN}`, `de ${DE}`, `fr ${FR}`, `x-default ${EN}`)
    expect(findingsOf([withFrench, full(DE)], EN)).toEqual([
      ['HREFLANG_NOT_RECIPROCAL', '/blog/', DE, `hreflang="de" names ${DE}, whose set is not the same: that page's lacks fr ${FR}`],
    ])
    expect(findingsOf([full(EN), head(DE, `en ${EN}`, `de ${DE}`, `x-default ${DE}`)], EN)).toEqual([
      ['HREFLANG_NOT_RECIPROCAL', '/blog/', DE, `hreflang="de" names ${DE}, whose set is not the same: that page's lacks x-default ${EN} and has x-default ${DE} besides`],
    ])
  })

  it('does not ask a page that is not one of the site (another site’s, or missing: reported apart)', () => {
    expect(findingsOf([head(EN, `en ${EN}`, `de https://elsewhere.example/de/`, `x-default ${EN}`)], EN)).toEqual([])
  })

  it('speaks of a sitemap <url> by its <loc>', () => {
    const sitemap = (set: HreflangSet): HreflangSet => ({ ...set, at: '/sitemap.xml', source: 'sitemap' })
    expect(findingsOf([sitemap(head(EN, `de ${DE}`))], EN, { [DE]: undefined })).toEqual([
      ['HREFLANG_WITHOUT_SELF', '/sitemap.xml', EN, `the alternates of ${EN} (de) do not name ${EN} itself: search engines ignore a set without the page it is on`],
      ['HREFLANG_WITHOUT_X_DEFAULT', '/sitemap.xml', EN, `the alternates of ${EN} (de) have no x-default, the version for a reader of any other language`],
      ['HREFLANG_NOT_RECIPROCAL', '/sitemap.xml', DE, `the alternates of ${EN}: hreflang="de" names ${DE}, which does not name ${EN} back (it has no <url> with alternates): search engines ignore the pair`],
    ])
    expect(findingsOf([sitemap(full(EN)), sitemap(head(DE, `en ${EN}`, `de ${DE}`, `x-default ${DE}`))], EN)).toEqual([
      ['HREFLANG_NOT_RECIPROCAL', '/sitemap.xml', DE, `the alternates of ${EN}: hreflang="de" names ${DE}, whose set is not the same: ${DE}'s lacks x-default ${EN} and has x-default ${DE} besides`],
    ])
  })
})
