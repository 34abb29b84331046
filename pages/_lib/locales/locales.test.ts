import { describe, expect, it } from 'vitest'
import { localeName, localeRoute, localizedPath, siteLocales, splitLocalePath } from './locales.ts'

describe('the site locales', () => {
  const locales = siteLocales({ language: 'en' }, [{ code: 'de' }, { code: 'pt-BR' }, { code: 'ar', name: 'عربي' }])
  const [en, de, pt, ar] = locales as [NonNullable<(typeof locales)[0]>, ...NonNullable<(typeof locales)[0]>[]]

  it('puts the default first, unprefixed, and the others under their tag in lower case', () => {
    expect(locales.map(({ code, prefix }) => [code, prefix])).toEqual([
      ['en', ''],
      ['de', '/de'],
      ['pt-BR', '/pt-br'],
      ['ar', '/ar'],
    ])
  })

  it('names each in its own language, capitalised, unless the config names it', () => {
    expect([en.name, de!.name, pt!.name, ar!.name]).toEqual(['English', 'Deutsch', 'Português (Brasil)', 'عربي'])
    expect(localeName('ja')).toBe('日本語')
    expect(localeName('fr-CA')).toBe('Français canadien')
  })

  it('derives the direction of each, and takes the one the config gives', () => {
    expect(locales.map(({ direction }) => direction)).toEqual(['ltr', 'ltr', 'ltr', 'rtl'])
    expect(siteLocales({ language: 'en' }, [{ code: 'ar', direction: 'ltr' }])[1]!.direction).toBe('ltr')
  })

  it('prefixes site paths only', () => {
    expect(localizedPath(de!, '/')).toBe('/de/')
    expect(localizedPath(de!, '/blog/page/2/')).toBe('/de/blog/page/2/')
    expect(localizedPath(en, '/blog/')).toBe('/blog/')
    expect(['#pricing', 'https://example.com/', '//cdn.example.com/x', 'mailto:a@b.c'].map((href) => localizedPath(de!, href))).toEqual(['#pricing', 'https://example.com/', '//cdn.example.com/x', 'mailto:a@b.c'])
  })

  it('finds the locale of a path, and its path in the default locale', () => {
    expect(splitLocalePath(locales, '/de/blog/x/')).toEqual({ locale: de, path: '/blog/x/' })
    expect(splitLocalePath(locales, '/de')).toEqual({ locale: de, path: '/' })
    expect(splitLocalePath(locales, '/pt-br/pricing/')).toEqual({ locale: pt, path: '/pricing/' })
    expect(splitLocalePath(locales, '/deutsch/')).toEqual({ locale: en, path: '/deutsch/' })
    expect(splitLocalePath(locales, '/blog/de/')).toEqual({ locale: en, path: '/blog/de/' })
    expect(splitLocalePath(locales, '/')).toEqual({ locale: en, path: '/' })
  })

  it('routes a URL of another locale as its path in the default locale, with its query; the default locale’s as it is', () => {
    expect(localeRoute(locales, '/de/blog/x/', '?q=rollen')).toEqual({ locale: de, urlLogical: '/blog/x/?q=rollen' })
    expect(localeRoute(locales, '/de')).toEqual({ locale: de, urlLogical: '/' })
    expect(localeRoute(locales, '/blog/x/', '?q=roles')).toEqual({ locale: en })
  })

  it('is undone by localizedPath', () => {
    for (const path of ['/', '/pricing/', '/blog/tags/rbac/page/2/'])
      for (const locale of locales) {
        const split = splitLocalePath(locales, localizedPath(locale, path))
        expect([split.locale.code, split.path]).toEqual([locale.code, path])
      }
  })
})
