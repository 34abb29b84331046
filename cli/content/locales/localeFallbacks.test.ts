import { describe, expect, it } from 'vitest'
import { validateSiteConfig } from '../config/loadSiteConfig.ts'
import { localeFallbacks } from './localeFallbacks.ts'
import siteConfig from '../../../site.config.ts'

const fallbacksOf = (locales: unknown) => localeFallbacks(validateSiteConfig({ ...siteConfig, locales }, '/site/site.config.ts'))

describe('localeFallbacks', () => {
  it('gives the shipped German locale nothing in another language: every text it shows is translated', () => {
    expect(fallbacksOf(siteConfig.locales).map(({ code, copy, ui }) => ({ code, copy, ui }))).toEqual([
      { code: 'en', copy: [], ui: [] },
      { code: 'de', copy: [], ui: [] },
    ])
  })

  it("gives a locale's copy strings its copy leaves out in the default's language, and its interface strings with no catalog in English", () => {
    const copy = siteConfig.locales![0]!.copy!
    const [english, german, arabic] = fallbacksOf([{ code: 'de', copy: { ...copy, hero: { ...copy.hero, title: undefined } } }, { code: 'ar', copy, ui: { next: 'التالي' } }])
    expect(english!.copy).toEqual([])
    expect(german).toMatchObject({ copy: [['hero', 'title']], copyLanguage: { lang: 'en', dir: 'ltr' }, ui: [] })
    // Arabic has no catalog: every interface string but the one its `ui` gives is English.
    expect(arabic!.copy).toEqual([])
    expect(arabic!.ui).toContain('previous')
    expect(arabic!.ui).toContain('skipToContent')
    expect(arabic!.ui).not.toContain('next')
  })

  it("gives a default locale in a language of no catalog its interface strings in English, and its copy as its own", () => {
    const [italian] = localeFallbacks(validateSiteConfig({ ...siteConfig, site: { ...siteConfig.site, language: 'it' }, locales: [] }, '/site/site.config.ts'))
    expect(italian).toMatchObject({ code: 'it', copy: [], copyLanguage: { lang: 'it', dir: 'ltr' } })
    expect(italian!.ui).toContain('backToBlog')
  })
})
