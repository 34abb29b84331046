import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DomUtils, parseDocument } from 'htmlparser2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSite, repoRoot } from '../support/buildSite.ts'

// A site in English with a German locale (issue 61): the German pages under /de/, each in German
// (<html lang>, the interface strings), its links to the site's pages under /de/ and to its files
// as they are; the English pages as they were. posts/de/ is not read yet (helper locale-content):
// the German blog has no post, and no English post is copied into it.

const post = (title: string, date: string) => `---\ntitle: "${title}"\nexcerpt: "About ${title}."\nauthor: "Maya Chen"\ndate: ${date}\ntags: [rbac]\n---\n\nThe cluster's pods run.\n`

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)![0]
/** The href of every link of a page, and the src of every image and script. */
const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map(([, href]) => href!)
/** The links of a page but the language switcher's (each of which names its language: hreflang). */
const ownHrefs = (html: string) => [...html.matchAll(/<a [^>]*>/g)].filter(([tag]) => !tag.includes('hrefLang=')).map(([tag]) => /href="([^"]*)"/.exec(tag)?.[1] ?? '')
/** The texts of a page's elements marked English: not <html>, nor the language switcher's names of English (its links name it with hreflang too). */
const markedEnglish = (html: string) =>
  DomUtils.findAll((element) => element.name !== 'html' && element.attribs.lang === 'en' && element.attribs.dir === 'ltr' && element.attribs.hreflang === undefined, parseDocument(html).children)
    .map((element) => DomUtils.textContent(element).trim())
    .filter((text) => text !== 'English')
const sources = (html: string) => [...html.matchAll(/<(?:img|source|script|link)\b[^>]*(?:src|srcset|href)="([^"]*)"/g)].map(([, src]) => src!)

describe('a site with a German locale', () => {
  let site: string
  let out: string
  const read = (path: string) => readFileSync(join(out, path), 'utf8')
  beforeAll(async () => {
    site = mkdtempSync(join(tmpdir(), 'kube-site-locales-'))
    mkdirSync(join(site, 'posts'))
    writeFileSync(join(site, 'posts', 'check-roles.md'), post('Check roles', '2025-03-18'))
    writeFileSync(join(site, 'posts', 'network-rules.md'), post('Network rules', '2025-01-05'))
    const config = join(site, 'site.config.ts')
    writeFileSync(config, `import site from ${JSON.stringify(join(repoRoot, 'site.config.ts'))}\n\nexport default { ...site, locales: [{ code: 'de' }] }\n`)
    out = (await buildSite({ out: 'site-locales', posts: join(site, 'posts'), config })).outDir
  }, 600_000)
  afterAll(() => {
    rmSync(site, { recursive: true, force: true })
    rmSync(out, { recursive: true, force: true })
  })

  it.each(['de/index.html', 'de/pricing/index.html', 'de/blog/index.html', 'de/blog/tags/index.html', 'de/blog/authors/index.html', 'de/blog/search/index.html', 'de/404.html'])('%s is in German', (page) => {
    const html = read(page)
    expect(htmlTag(html)).toBe('<html lang="de" dir="ltr">')
    expect(html).toContain('Zum Inhalt springen')
    expect(html).not.toContain('Skip to content')
  })

  it.each(['index.html', 'pricing/index.html', 'blog/index.html', 'blog/check-roles/index.html', '404.html', 'privacy-policy/index.html'])('%s stays in English, its links the default locale’s but the language switcher’s', (page) => {
    const html = read(page)
    expect(htmlTag(html)).toBe('<html lang="en" dir="ltr">')
    expect(html).toContain('Skip to content')
    expect(ownHrefs(html).filter((href) => href.startsWith('/de/'))).toEqual([])
  })

  it("marks each text a German page shows in English, the default's, with its language (WCAG 3.1.2), and no other", () => {
    // The German copy gives nothing: the config's texts are English; the interface strings German.
    const home = read('de/index.html')
    expect(markedEnglish(home)).toEqual(
      expect.arrayContaining(['Platform', 'Pricing', 'Kubernetes Security, Reimagined', 'Get started in seconds', 'Risk assessment report', 'Installs in', '1 cluster', 'Most popular', '$300', 'Email Us', 'Resources', 'All systems online']),
    )
    expect(home).toMatch(/<h1 id="hero-title" [^>]* lang="en" dir="ltr">/)
    expect(markedEnglish(read('de/blog/index.html'))).toEqual(expect.arrayContaining(['Blog', 'Platform']))
    expect(markedEnglish(read('de/pricing/index.html'))).toContain('Choose Your Security Plan')
    // German interface strings, and the hint of an English link that opens a new tab, are the page's
    // language; so is a link or a button with an icon, around its English text (an arrow points along the page's line).
    expect(home).toMatch(/<a class="skip-link" href="#main">Zum Inhalt springen<\/a>/)
    expect(home).toMatch(/<a href="https:\/\/app\.kubeguard\.dev\/login" [^>]*><span lang="en" dir="ltr">Sign In<\/span><span class="visually-hidden"> \(öffnet sich in einem neuen Tab\)<\/span><\/a>/)
    expect(home).toMatch(/<a href="https:\/\/app\.kubeguard\.dev\/register" [^>]*><span lang="en" dir="ltr">Get Started<\/span><svg/)
    // The English pages are in their own language: nothing is marked.
    for (const page of ['index.html', 'pricing/index.html', 'blog/index.html', '404.html']) expect(markedEnglish(read(page))).toEqual([])
  })

  it("links a German page to the site's pages in German, and to its files and the legal pages it has none of as they are", () => {
    const home = hrefs(read('de/index.html'))
    expect(home).toEqual(expect.arrayContaining(['/de/blog/', '#pricing', '/privacy-policy/', '/terms-of-service/']))
    expect(home).not.toContain('/blog/')
    // The home page's anchors, from another page: the German home page's.
    const pricing = hrefs(read('de/pricing/index.html'))
    expect(pricing).toEqual(expect.arrayContaining(['/de/blog/', '/de/#pricing', '/de/#contact']))
    expect(pricing.filter((href) => href === '/blog/' || href.startsWith('/#'))).toEqual([])
    expect(sources(read('de/index.html')).filter((src) => src.startsWith('/de/'))).toEqual([])
    expect(hrefs(read('de/404.html'))).toContain('/de/')
    expect(read('de/blog/index.html')).toContain('action="/de/blog/search/"')
  })

  it("gives a German page its own URL as canonical, and its locale's feed", () => {
    const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]
    expect(canonical(read('de/pricing/index.html'))).toMatch(/^https:\/\/[^/]+\/de\/pricing\/$/)
    expect(canonical(read('de/blog/index.html'))).toMatch(/^https:\/\/[^/]+\/de\/blog\/$/)
    expect(canonical(read('pricing/index.html'))).toMatch(/^https:\/\/[^/]+\/pricing\/$/)
    expect(read('de/blog/index.html')).toMatch(/<link rel="alternate" type="application\/rss\+xml" title="[^"]*" href="https:\/\/[^/]+\/de\/blog\/rss\.xml"\/>/)
  })

  it('has no copy of an English post, nor of a legal page German gives as English does', () => {
    expect(existsSync(join(out, 'de/blog/check-roles/index.html'))).toBe(false)
    expect(read('de/blog/index.html')).not.toContain('Check roles')
    expect(read('de/blog/index.html')).toContain('Noch keine Beiträge')
    expect(existsSync(join(out, 'de/privacy-policy/index.html'))).toBe(false)
    expect(existsSync(join(out, 'de/blog/tags/rbac/index.html'))).toBe(false)
  })
})
