import { describe, expect, it } from 'vitest'
import { languageLinks } from './languageLinks.ts'
import { english, german } from './__fixtures__/twoLocales.ts'

const locales = [english, german]
/** Each entry as `code href`, the current one marked with a star. */
const entries = (key: string, translations?: Record<string, string>) => languageLinks(locales, key, translations).map(({ code, href, current }) => `${current ? '*' : ''}${code} ${href}`)

describe('languageLinks', () => {
  it('leads to the same page in the other locale where every locale has it', () => {
    expect(entries('/pricing/')).toEqual(['*en /pricing/', 'de /de/pricing/'])
    expect(entries('/de/blog/')).toEqual(['en /blog/', '*de /de/blog/'])
  })

  it('leads from a translated post to its translation, by the keys its data carries', () => {
    expect(entries('/de/blog/netzwerkrichtlinien/', { en: '/blog/network-policies/', de: '/de/blog/netzwerkrichtlinien/' })).toEqual(['en /blog/network-policies/', '*de /de/blog/netzwerkrichtlinien/'])
  })

  it('leads from a page of the blog without that translation to that locale’s blog, from any other page to its home', () => {
    expect(entries('/de/blog/nur-deutsch/')).toEqual(['en /blog/', '*de /de/blog/nur-deutsch/'])
    expect(entries('/blog/tags/rbac/')).toEqual(['*en /blog/tags/rbac/', 'de /de/blog/'])
    expect(entries('/terms-of-service/')).toEqual(['*en /terms-of-service/', 'de /de/'])
  })

  it('names each locale in its own language, with its direction', () => {
    expect(languageLinks(locales, '/').map(({ name, direction }) => [name, direction])).toEqual([
      ['English', 'ltr'],
      ['Deutsch', 'ltr'],
    ])
  })

  it('offers nothing on a site with one locale', () => {
    expect(languageLinks([english], '/')).toEqual([])
  })
})
