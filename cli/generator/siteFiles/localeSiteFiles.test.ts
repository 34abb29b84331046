import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { findAll, readXml, textOf } from '../../../tests/unit/readXml.ts'
import { localeRedirects } from '../../content/redirects/siteRedirects.ts'
import { pageUrls } from '../../../pages/_lib/urls/routes.ts'
import { localizedPath } from '../../../pages/_lib/locales/locales.ts'
import { redirectTargetOf } from './redirectPage.ts'
import { writeSiteFiles } from './writeSiteFiles.ts'
import { englishPosts, twoLocales } from './__fixtures__/twoLocales.ts'

// The files a build writes besides its pages, for a site in two locales (English, German under
// /de/): each locale's feeds with its own posts, one llms.txt with a section per locale, and a
// German post's old URLs under /de/.

let roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

const [english, german] = twoLocales as [(typeof twoLocales)[number], (typeof twoLocales)[number]]
/** Every page of both locales, as a build lists them (writeOutput: the routes, each locale's under its prefix). */
const pages = twoLocales.flatMap(({ locale, posts, config }) => pageUrls(posts, config.blog).map((url) => localizedPath(locale, url))).sort()

async function written(): Promise<(path: string) => string> {
  const root = mkdtempSync(join(tmpdir(), 'kube-site-locale-files-'))
  roots.push(root)
  const redirects = localeRedirects(twoLocales, english.config.redirects, new Set(pages))
  await writeSiteFiles(root, { config: english.config, posts: englishPosts, locales: twoLocales, base: '/', buildDate: '2025-10-10', redirects }, pages)
  return (path) => readFileSync(join(root, ...path.split('/')), 'utf8')
}

describe('feeds of a site in two locales', () => {
  it("gives each locale its own feeds, with its posts only, in its language, linking its pages", async () => {
    const read = await written()
    const rss = (path: string) => readXml(read(path)).children[0]!
    const links = (path: string) => findAll(rss(path), 'item').map((item) => textOf(item, 'link'))
    expect(links('blog/rss.xml')).toEqual(['https://kubeguard.dev/blog/zero-trust/', 'https://kubeguard.dev/blog/network-policies/', 'https://kubeguard.dev/blog/english-only/'])
    expect(links('de/blog/rss.xml')).toEqual(['https://kubeguard.dev/de/blog/nur-auf-deutsch/', 'https://kubeguard.dev/de/blog/zero-trust/', 'https://kubeguard.dev/de/blog/netzwerkrichtlinien/'])
    expect(textOf(rss('blog/rss.xml'), 'language')).toBe('en')
    expect(textOf(rss('de/blog/rss.xml'), 'language')).toBe('de')
    // The channel: its page and its own address under /de/, its description the German config's.
    expect(textOf(rss('de/blog/rss.xml'), 'link')).toBe('https://kubeguard.dev/de/blog/')
    expect(textOf(rss('de/blog/rss.xml'), 'description')).toBe('Notizen.')
    expect(findAll(rss('de/blog/rss.xml'), 'atom:link')[0]!.attributes.href).toBe('https://kubeguard.dev/de/blog/rss.xml')
    // The German items carry the German text.
    expect(read('de/blog/rss.xml')).toContain('de body of zero-trust')
    expect(read('de/blog/rss.xml')).not.toMatch(/en body|english-only/)

    const atom = readXml(read('de/blog/atom.xml'))
    expect(atom.attributes['xml:lang']).toBe('de')
    expect(findAll(atom, 'link').find((link) => link.attributes.rel === 'self')!.attributes.href).toBe('https://kubeguard.dev/de/blog/atom.xml')
    expect(findAll(atom, 'entry').map((entry) => textOf(entry, 'id'))).toEqual(['https://kubeguard.dev/de/blog/nur-auf-deutsch/', 'https://kubeguard.dev/de/blog/zero-trust/', 'https://kubeguard.dev/de/blog/netzwerkrichtlinien/'])

    const json = JSON.parse(read('de/blog/feed.json')) as { language: string; feed_url: string; home_page_url: string; items: { url: string }[] }
    expect(json).toMatchObject({ language: 'de', feed_url: 'https://kubeguard.dev/de/blog/feed.json', home_page_url: 'https://kubeguard.dev/de/blog/' })
    expect(json.items.map((item) => item.url)).toEqual(['https://kubeguard.dev/de/blog/nur-auf-deutsch/', 'https://kubeguard.dev/de/blog/zero-trust/', 'https://kubeguard.dev/de/blog/netzwerkrichtlinien/'])
    expect((JSON.parse(read('blog/feed.json')) as { language: string }).language).toBe('en')
  })

  it("gives each locale's tags their feeds under its prefix, with that locale's posts of the tag, titled in its language", async () => {
    const read = await written()
    const links = (path: string) => findAll(readXml(read(path)).children[0]!, 'item').map((item) => textOf(item, 'link'))
    expect(links('blog/tags/rbac/rss.xml')).toEqual(['https://kubeguard.dev/blog/zero-trust/', 'https://kubeguard.dev/blog/english-only/'])
    expect(links('de/blog/tags/rbac/rss.xml')).toEqual(['https://kubeguard.dev/de/blog/zero-trust/'])
    // A tag only German posts have has a German feed, and no English one.
    expect(links('de/blog/tags/sicherheit/rss.xml')).toEqual(['https://kubeguard.dev/de/blog/nur-auf-deutsch/'])
    expect(() => read('blog/tags/sicherheit/rss.xml')).toThrow(/ENOENT/)
    // Described in the German catalog's words.
    const description = (path: string) => textOf(readXml(read(path)).children[0]!, 'description')
    expect(description('blog/tags/rbac/rss.xml')).toBe('2 posts tagged RBAC on the KubeGuard blog.')
    expect(description('de/blog/tags/rbac/rss.xml')).toBe('Ein Beitrag zum Thema RBAC im KubeGuard-Blog.')
    expect(readXml(read('de/blog/tags/rbac/atom.xml')).attributes['xml:lang']).toBe('de')
  })
})

describe('llms.txt of a site in two locales', () => {
  it('is one file at the root: the default locale as before, then a section in German with its pages and posts', async () => {
    const read = await written()
    const llms = read('llms.txt')
    const sections = llms.split(/^## /m)
    expect(sections.map((section) => section.split('\n')[0])).toEqual(['# KubeGuard', 'Pages', 'Blog', 'Deutsch', 'Optional'])
    const blog = sections[2]!
    expect(blog).toContain('(https://kubeguard.dev/blog/english-only/index.md)')
    expect(blog).not.toContain('/de/')
    const deutsch = sections[3]!
    expect(deutsch.match(/\(https:[^)]+\)/g)).toEqual([
      '(https://kubeguard.dev/de/)',
      '(https://kubeguard.dev/de/pricing/)',
      '(https://kubeguard.dev/de/blog/)',
      '(https://kubeguard.dev/de/blog/nur-auf-deutsch/index.md)',
      '(https://kubeguard.dev/de/blog/zero-trust/index.md)',
      '(https://kubeguard.dev/de/blog/netzwerkrichtlinien/index.md)',
      '(https://kubeguard.dev/de/blog/rss.xml)',
      '(https://kubeguard.dev/de/privacy-policy/)',
      '(https://kubeguard.dev/de/terms-of-service/)',
    ])
    expect(deutsch).toContain('- [Einfache Preise](https://kubeguard.dev/de/pricing/): Tarife.')
    expect(deutsch).toContain('- [Über zero-trust](https://kubeguard.dev/de/blog/zero-trust/index.md): de excerpt of zero-trust')
    expect(deutsch).not.toContain('english-only')
  })
})

describe('redirects of a site in two locales', () => {
  it("puts a German post's old URLs under /de/, leading to its German page, in German; the config's stay the default locale's", async () => {
    const redirects = localeRedirects(twoLocales, english.config.redirects, new Set(pages))
    expect(redirects.map(({ from, to }) => [from, to])).toEqual([
      ['/de/blog/alt/', '/de/blog/nur-auf-deutsch/'],
      // Written with the prefix, the same URL.
      ['/de/blog/noch-aelter/', '/de/blog/nur-auf-deutsch/'],
      ['/old-pricing/', '/pricing/'],
    ])
    const read = await written()
    const page = read('de/blog/alt/index.html')
    expect(redirectTargetOf(page)).toBe('/de/blog/nur-auf-deutsch/')
    expect(page).toMatch(/<html lang="de"/)
    expect(read('old-pricing/index.html')).toMatch(/<html lang="en"/)
    expect(() => read('blog/alt/index.html')).toThrow(/ENOENT/)
    expect(german.posts[0]!.redirectFrom).toEqual(['/blog/alt/', '/de/blog/noch-aelter/'])
  })
})
