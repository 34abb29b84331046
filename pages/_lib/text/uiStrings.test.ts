import { describe, expect, it } from 'vitest'
import { CATALOGS, ENGLISH, type UiKey } from './uiCatalogs.ts'
import { parseMessage, placeholdersOf } from './uiMessage.ts'
import { blogText } from './blogText.ts'
import { catalogLanguage, uiFallbacks, uiStrings } from './uiStrings.ts'

const keys = Object.keys(ENGLISH) as UiKey[]

describe('the catalogs', () => {
  it.each(Object.entries(CATALOGS))('%s: every template reads and has the placeholders English has, key by key', (_language, catalog) => {
    for (const [key, template] of Object.entries(catalog) as [UiKey, string][]) {
      expect(keys).toContain(key)
      expect({ key, placeholders: placeholdersOf(template) }).toEqual({ key, placeholders: placeholdersOf(ENGLISH[key]) })
    }
  })

  it('German, French, Spanish and Japanese translate every key', () => {
    for (const language of ['de', 'fr', 'es', 'ja']) expect(uiFallbacks(language)).toEqual([])
  })
})

describe('templates', () => {
  it('put values in by name, and choose a plural by =N, then the language’s category, then other', () => {
    const english = uiStrings('en')
    expect(english.text('pageOf', { page: 2, total: 7 })).toBe('Page 2 of 7')
    expect([0, 1, 2, 1200].map((count) => english.text('searchCount', { count }))).toEqual(['No posts', '1 post', '2 posts', '1200 posts'])
    expect([1, 2].map((count) => english.text('tagDescription', { count, name: 'k8s', brand: 'Kube' }))).toEqual([
      'One post tagged k8s on the Kube blog.',
      '2 posts tagged k8s on the Kube blog.',
    ])
  })

  it('follow each language’s plural rules: French takes 0 as one, Japanese has no plural', () => {
    expect([0, 1, 2].map((count) => uiStrings('fr').text('postCount', { count }))).toEqual(['0 article', '1 article', '2 articles'])
    expect([1, 5].map((count) => uiStrings('de').text('postCount', { count }))).toEqual(['1 Beitrag', '5 Beiträge'])
    expect([0, 1, 5].map((count) => uiStrings('ja').text('searchCount', { count }))).toEqual(['記事はありません', '1件の記事', '5件の記事'])
    expect(new Intl.PluralRules('ja').resolvedOptions().pluralCategories).toEqual(['other'])
  })

  it('refuse what does not read: an unclosed placeholder, a stray brace, a plural without other', () => {
    expect(() => parseMessage('Page {page')).toThrow('at the end of "Page {page"')
    expect(() => parseMessage('a } b')).toThrow('a "}" closes nothing at character 3')
    expect(() => parseMessage('{n, plural, one {#}}')).toThrow('has no "other" choice')
    expect(() => parseMessage('{n, select, a {x} other {y}}')).toThrow('must close with "}" or go on with ", plural,"')
    expect(() => parseMessage('{}')).toThrow('a placeholder needs a name')
  })
})

describe('uiStrings', () => {
  it('reads the catalog of the language subtag, whatever the script, region and case', () => {
    expect(catalogLanguage('de-AT')).toBe('de')
    expect(catalogLanguage('PT-br')).toBe('pt')
    expect(catalogLanguage('zh-Hant-TW')).toBe('zh')
    // Read by BCP 47's grammar, not split at a dash: a grandfathered tag has a language of its own ('art-lojban' is Lojban).
    expect(catalogLanguage('art-lojban')).toBe('jbo')
    expect(uiStrings('de-AT').text('backToBlog')).toBe('Zurück zum Blog')
    expect(uiStrings('ja-JP').text('minRead', { minutes: 4 })).toBe('4分で読めます')
  })

  it('puts the config’s overrides over the catalog, and English under both', () => {
    const strings = uiStrings('de', { backToBlog: 'Zur Übersicht' })
    expect(strings.text('backToBlog')).toBe('Zur Übersicht')
    expect(strings.text('next')).toBe('Weiter')
    expect(uiStrings('pt', { next: 'Próximo' }).text('next')).toBe('Próximo')
    expect(uiStrings('pt', { next: 'Próximo' }).text('previous')).toBe('Previous')
  })

  it('lists what falls back to English: all but the overrides for a language without a catalog, nothing for English', () => {
    expect(uiFallbacks('en-GB')).toEqual([])
    expect(uiFallbacks('pt', { next: 'Próximo' })).toEqual(keys.filter((key) => key !== 'next'))
  })

  it('gives a string as pieces, each value apart, for React to render as the JSX it replaces', () => {
    expect(uiStrings('en').pieces('pdfPageOf', { page: 1, total: '–' })).toEqual(['Page ', 1, ' of ', '–'])
    expect(uiStrings('ja').pieces('pdfLoading', { title: '利用規約' })).toEqual(['利用規約', ' を読み込み中…'])
    expect(uiStrings('de').pieces('postCount', { count: 2 })).toEqual(['2 Beiträge'])
  })

  it('gives the blog’s words their English texts unchanged', () => {
    const text = blogText(uiStrings('en'))
    expect(text.search.count(0, 'kyverno', 'policy')).toBe('No posts for “kyverno” tagged policy')
    expect(text.search.count(1, '')).toBe('1 post')
    expect(text.search.count(3, 'rbac')).toBe('3 posts for “rbac”')
    expect(text.tag.feedTitle('RBAC', 'KubeGuard')).toBe('KubeGuard Blog: RBAC')
    expect(text.minRead(6)).toBe('6 min read')
    expect(blogText(uiStrings('de')).search.count(2, 'rbac', 'Sicherheit')).toBe('2 Beiträge für „rbac“ zum Thema Sicherheit')
  })
})
