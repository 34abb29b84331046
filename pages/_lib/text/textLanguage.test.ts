import { describe, expect, it, vi } from 'vitest'
import { FALLBACKS_KEY, keepMarks, langOf, markFallbacks, readMarks, withMarks, type Fallbacks } from './textLanguage.ts'
import { valueIn } from '../locales/pageLocale.ts'
import type { SiteLocale } from '../locales/locales.ts'

vi.mock('virtual:kube-site/config', async () => (await import('../../../cli/generator/bundle/configExports.ts')).configExports({ site: { language: 'en' } } as never))

const ENGLISH = { lang: 'en', dir: 'ltr' } as const

/** A German value of a config key, as the config module gives it (fresh for each test: marks stay with an object). */
const heroDe = () => ({
  title: 'Hi',
  tagline: 'Sicher.',
  cta: { label: 'Start', href: '/x' },
  features: ['Eins', 'Two'],
  plans: [{ name: 'Starter' }, { name: 'Wachstum' }],
})
const fallbacks: Fallbacks = { language: ENGLISH, paths: [['title'], ['cta', 'label'], ['features', 1], ['plans', 0, 'name']] }

describe('markFallbacks and langOf', () => {
  const hero = heroDe()
  markFallbacks(hero, fallbacks)
  it.each([
    ['title', hero, 'title', ENGLISH],
    ['tagline', hero, 'tagline', {}],
    ['cta.label', hero.cta, 'label', ENGLISH],
    ['cta.href', hero.cta, 'href', {}],
    ['features[0]', hero.features, 0, {}],
    ['features[1]', hero.features, 1, ENGLISH],
    ['plans[0].name', hero.plans[0]!, 'name', ENGLISH],
    ['plans[1].name', hero.plans[1]!, 'name', {}],
  ])('%s', (_, holder, key, expected) => {
    expect(langOf(holder as Record<string | number, unknown>, key)).toEqual(expected)
  })

  it('gives nothing for a value nobody marked, nor for a path that is not in it', () => {
    const other = heroDe()
    markFallbacks(other, { language: ENGLISH, paths: [['missing', 'label'], ['features', 7]] })
    expect(langOf(other, 'title')).toEqual({})
    expect(langOf(heroDe().cta, 'label')).toEqual({})
  })

  it('keeps the marks of a copy made with keepMarks, not of one made by hand', () => {
    const slide = keepMarks(hero.cta, { ...hero.cta, image: 'x.svg' })
    expect(langOf(slide, 'label')).toEqual(ENGLISH)
    expect(langOf({ ...hero.cta }, 'label')).toEqual({})
  })
})

describe('valueIn', () => {
  const de: SiteLocale = { code: 'de', name: 'Deutsch', direction: 'ltr', prefix: '/de' }
  const en: SiteLocale = { code: 'en', name: 'English', direction: 'ltr', prefix: '' }

  it("marks the page's locale's value by the fallbacks the export lists for it, and no other locale's", () => {
    const byLocale = { en: heroDe(), de: heroDe(), [FALLBACKS_KEY]: { de: fallbacks } }
    expect(langOf(valueIn(byLocale as never, de) as ReturnType<typeof heroDe>, 'title')).toEqual(ENGLISH)
    expect(langOf(valueIn(byLocale as never, en) as ReturnType<typeof heroDe>, 'title')).toEqual({})
  })
})

describe("an island's props through JSON", () => {
  it('keeps the marks of objects and arrays, and the props as they were', () => {
    const hero = heroDe()
    markFallbacks(hero, fallbacks)
    const props = { nav: keepMarks(hero, { title: hero.title, features: hero.features, plans: hero.plans }), count: 2 }
    const parsed = JSON.parse(JSON.stringify(props, withMarks), readMarks) as typeof props
    expect(parsed).toEqual(props)
    expect(langOf(parsed.nav, 'title')).toEqual(ENGLISH)
    expect(langOf(parsed.nav.features, 1)).toEqual(ENGLISH)
    expect(langOf(parsed.nav.features, 0)).toEqual({})
    expect(langOf(parsed.nav.plans[0]!, 'name')).toEqual(ENGLISH)
  })

  it('writes props without marks as JSON.stringify does', () => {
    const props = { label: 'Menü', items: [{ label: 'Eins' }], empty: [] }
    expect(JSON.stringify(props, withMarks)).toBe(JSON.stringify(props))
  })
})
