import { describe, expect, it } from 'vitest'
import { blogPostData, legalData } from '../pageData.ts'
import { alternateLinks, pageTranslations, pathTranslations, translationKeys } from './pageTranslations.ts'
import { content, english, german, germanContent, oneLocale, post } from './__fixtures__/twoLocales.ts'

/** The versions of a page as `code key` pairs. */
const versions = (key: string, from = content) => pageTranslations(from, key).map(({ locale, key }) => `${locale.code} ${key}`)

describe('pageTranslations', () => {
  it.each([
    ['/', ['en /', 'de /de/']],
    ['/de/', ['en /', 'de /de/']],
    ['/pricing/', ['en /pricing/', 'de /de/pricing/']],
    ['/de/blog/', ['en /blog/', 'de /de/blog/']],
    ['/blog/tags/', ['en /blog/tags/', 'de /de/blog/tags/']],
    ['/de/blog/authors/', ['en /blog/authors/', 'de /de/blog/authors/']],
  ])('gives %s in every locale, the default first', (key, expected) => {
    expect(versions(key)).toEqual(expected)
  })

  it('links a post to its translation with the same slug, both ways', () => {
    expect(versions('/blog/pods/')).toEqual(['en /blog/pods/', 'de /de/blog/pods/'])
    expect(versions('/de/blog/pods/', germanContent)).toEqual(['en /blog/pods/', 'de /de/blog/pods/'])
  })

  it('links a translated slug to its original through translationOf, both ways', () => {
    expect(versions('/blog/network-policies/')).toEqual(['en /blog/network-policies/', 'de /de/blog/netzwerkrichtlinien/'])
    expect(versions('/de/blog/netzwerkrichtlinien/', germanContent)).toEqual(['en /blog/network-policies/', 'de /de/blog/netzwerkrichtlinien/'])
  })

  it('gives a post in one locale only itself, never a copy in the other', () => {
    expect(versions('/blog/english-only/')).toEqual(['en /blog/english-only/'])
    expect(versions('/de/blog/nur-deutsch/')).toEqual(['de /de/blog/nur-deutsch/'])
  })

  it('gives nothing for a post its locale does not have', () => {
    expect(versions('/de/blog/english-only/')).toEqual([])
    expect(versions('/blog/nur-deutsch/')).toEqual([])
  })

  it('has a legal page in a locale only when its config gives the document a PDF of its own', () => {
    // German has its own privacy policy, and the default's terms.
    expect(versions('/privacy-policy/')).toEqual(['en /privacy-policy/', 'de /de/privacy-policy/'])
    expect(versions('/de/privacy-policy/')).toEqual(['en /privacy-policy/', 'de /de/privacy-policy/'])
    expect(versions('/terms-of-service/')).toEqual(['en /terms-of-service/'])
    expect(versions('/de/terms-of-service/')).toEqual([])
  })

  it.each(['/blog/page/2/', '/de/blog/page/2/', '/blog/tags/rbac/', '/de/blog/authors/maya-chen/', '/blog/search/', '/de/blog/search/', '404'])('gives %s, whose content is its locale’s own, no translation', (key) => {
    expect(pageTranslations(content, key)).toEqual([{ locale: key.startsWith('/de/') ? german : english, key }])
  })

  it('gives every page of a site with one locale itself alone', () => {
    for (const key of ['/', '/pricing/', '/blog/pods/', '/privacy-policy/']) expect(pageTranslations(oneLocale, key)).toEqual([{ locale: english, key }])
  })

  it('decides from the path alone all but posts and legal pages (the browser asks it on the blog)', () => {
    const locales = [english, german]
    expect(pathTranslations(locales, '/de/blog/')).toEqual([
      { locale: english, key: '/blog/' },
      { locale: german, key: '/de/blog/' },
    ])
    expect(pathTranslations(locales, '/de/blog/tags/rbac/')).toEqual([{ locale: german, key: '/de/blog/tags/rbac/' }])
    expect(pathTranslations(locales, '/de/blog/pods/')).toBeUndefined()
    expect(pathTranslations(locales, '/privacy-policy/')).toBeUndefined()
  })

  it('gives a page’s data its translations by locale, and nothing where there are none', () => {
    expect(translationKeys(germanContent, '/de/blog/netzwerkrichtlinien/')).toEqual({ en: '/blog/network-policies/', de: '/de/blog/netzwerkrichtlinien/' })
    expect(translationKeys(germanContent, '/de/blog/nur-deutsch/')).toBeUndefined()
    expect(translationKeys(oneLocale, '/blog/pods/')).toBeUndefined()
  })
})

describe('alternateLinks', () => {
  const url = (key: string) => `https://kubeguard.dev/sub${key}`

  it('lists every version, itself included, and x-default to the default locale’s, absolute', () => {
    const links = alternateLinks(pageTranslations(germanContent, '/de/blog/netzwerkrichtlinien/'), url)
    expect(links).toEqual([
      { hreflang: 'en', href: 'https://kubeguard.dev/sub/blog/network-policies/' },
      { hreflang: 'de', href: 'https://kubeguard.dev/sub/de/blog/netzwerkrichtlinien/' },
      { hreflang: 'x-default', href: 'https://kubeguard.dev/sub/blog/network-policies/' },
    ])
    // Reciprocal: the original lists the same set.
    expect(alternateLinks(pageTranslations(content, '/blog/network-policies/'), url)).toEqual(links)
  })

  it('gives none to a page without a translation, nor on a site with one locale', () => {
    expect(alternateLinks(pageTranslations(germanContent, '/de/blog/nur-deutsch/'), url)).toEqual([])
    expect(alternateLinks(pageTranslations(content, '/blog/tags/rbac/'), url)).toEqual([])
    expect(alternateLinks(pageTranslations(oneLocale, '/'), url)).toEqual([])
  })

  it('has no x-default where the default locale has no version', () => {
    const french = { ...german, code: 'fr', name: 'Français', prefix: '/fr' }
    expect(alternateLinks([{ locale: german, key: '/de/blog/x/' }, { locale: french, key: '/fr/blog/x/' }], url).map(({ hreflang }) => hreflang)).toEqual(['de', 'fr'])
  })
})

describe('the data of a page with translations', () => {
  it('carries them for a post, in its own locale’s view and in the original’s', () => {
    expect(blogPostData(germanContent, 'netzwerkrichtlinien', '/')!.translations).toEqual({ en: '/blog/network-policies/', de: '/de/blog/netzwerkrichtlinien/' })
    expect(blogPostData(content, 'network-policies', '/')!.translations).toEqual({ en: '/blog/network-policies/', de: '/de/blog/netzwerkrichtlinien/' })
  })

  it('carries them for a legal page a locale has its own of', () => {
    expect(legalData(germanContent, 'privacyPolicy').translations).toEqual({ en: '/privacy-policy/', de: '/de/privacy-policy/' })
    expect(legalData(content, 'termsOfService')).not.toHaveProperty('translations')
  })

  it('has no such key on a post without a translation, nor on a site of one language: its data is as it was', () => {
    expect(blogPostData(germanContent, 'nur-deutsch', '/')).not.toHaveProperty('translations')
    expect(blogPostData(oneLocale, 'pods', '/')).not.toHaveProperty('translations')
    expect(legalData(oneLocale, 'privacyPolicy')).toEqual({ updated: '2025-10-01' })
  })
})

describe('pageTranslations with two posts of one locale claiming one original', () => {
  it('keeps one version a locale, the first, so that hreflang names each language once', () => {
    const doubled = { ...germanContent, locales: germanContent.locales!.map((entry) => (entry.locale.code === 'de' ? { ...entry, posts: [...entry.posts, post('pods-zwei', { locale: 'de', translationOf: 'pods' })] } : entry)) }
    expect(versions('/blog/pods/', doubled)).toEqual(['en /blog/pods/', 'de /de/blog/pods/'])
  })
})
