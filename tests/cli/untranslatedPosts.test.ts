import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSite, repoRoot } from '../support/buildSite.ts'
import { formatNuErrors, nuErrors } from '../support/nuChecker.ts'

// A site in English and German whose German blog lists the English posts it has not translated
// (locales[].listUntranslated, issue 61 item 4): each is marked English and links to the original;
// nothing of it goes under /de/, into the German feeds, sitemap entries or llms.txt section. A
// rebuild after an English title changed shows the new title on the German list.

const post = (title: string, date: string, extra = '') => `---\ntitle: "${title}"\nexcerpt: "${title}."\nauthor: "Maya Chen"\ndate: ${date}\ntags: [rbac]\n${extra}---\n\n${title}.\n`
/** A page's entries: each `<article>`'s lang (none for the page's own language), its link, hreflang and label. */
const entries = (html: string) =>
  [...html.matchAll(/<article([^>]*)>([\s\S]*?)<\/article>/g)].map(([, attributes, body]) => {
    const link = /<h2[^>]*><a href="([^"]+)"(?: hrefLang="([^"]+)")?[^>]*>([^<]+)<\/a>/.exec(body!)!
    const label = /<p[^>]* lang="([^"]+)"[^>]*>([^<]+)<\/p>/.exec(body!)
    return { lang: /lang="([^"]+)"/.exec(attributes!)?.[1], href: link[1], hreflang: link[2], title: link[3], label: label ? `${label[1]}: ${label[2]}` : undefined }
  })

describe("a German blog that lists the English posts it has not translated", () => {
  let site: string
  let out: string
  const read = (path: string) => readFileSync(join(out, path), 'utf8')
  const build = async () => (out = (await buildSite({ out: 'site-untranslated', posts: join(site, 'posts'), config: join(site, 'site.config.ts') })).outDir)
  beforeAll(async () => {
    site = mkdtempSync(join(tmpdir(), 'kube-site-untranslated-'))
    mkdirSync(join(site, 'posts', 'de'), { recursive: true })
    writeFileSync(join(site, 'posts', 'roles.md'), post('Checking roles', '2025-03-18'))
    writeFileSync(join(site, 'posts', 'upgrades.md'), post('Safe upgrades', '2025-05-02'))
    writeFileSync(join(site, 'posts', 'audit.md'), post('Audit logs', '2025-01-10'))
    writeFileSync(join(site, 'posts', 'de', 'roles.md'), post('Rollen prüfen', '2025-03-20'))
    writeFileSync(join(site, 'posts', 'de', 'netz.md'), post('Netzwerke', '2025-02-01'))
    writeFileSync(join(site, 'site.config.ts'), `import site from ${JSON.stringify(join(repoRoot, 'site.config.ts'))}\n\nexport default { ...site, locales: [{ code: 'de', listUntranslated: true }] }\n`)
    await build()
  }, 600_000)
  afterAll(() => {
    rmSync(site, { recursive: true, force: true })
    rmSync(out, { recursive: true, force: true })
  })

  it("lists them among the German posts by date, on as many pages as they fill, each marked English, linking to the original", () => {
    expect([...entries(read('de/blog/index.html')), ...entries(read('de/blog/page/2/index.html'))]).toEqual([
      { lang: 'en', href: '/blog/upgrades/', hreflang: 'en', title: 'Safe upgrades', label: 'de: Nur auf Englisch' },
      { lang: undefined, href: '/de/blog/roles/', hreflang: undefined, title: 'Rollen prüfen', label: undefined },
      { lang: undefined, href: '/de/blog/netz/', hreflang: undefined, title: 'Netzwerke', label: undefined },
      { lang: 'en', href: '/blog/audit/', hreflang: 'en', title: 'Audit logs', label: 'de: Nur auf Englisch' },
    ])
    // The English blog is as it was: its own posts, unmarked.
    expect([...entries(read('blog/index.html')), ...entries(read('blog/page/2/index.html'))].map(({ lang, href }) => `${lang} ${href}`)).toEqual(['undefined /blog/upgrades/', 'undefined /blog/roles/', 'undefined /blog/audit/'])
  })

  it('makes no German page of them, and leaves them out of the German feeds, tags, sitemap entries and llms.txt section', () => {
    expect(existsSync(join(out, 'de/blog/upgrades'))).toBe(false)
    expect(existsSync(join(out, 'de/blog/audit'))).toBe(false)
    const feed = read('de/blog/rss.xml')
    expect(feed).not.toContain('/blog/upgrades/')
    expect(feed).not.toContain('Safe upgrades')
    expect(entries(read('de/blog/tags/rbac/index.html')).map(({ href }) => href)).toEqual(['/de/blog/roles/', '/de/blog/netz/'])
    expect(read('sitemap.xml')).not.toMatch(/\/de\/blog\/(upgrades|audit)\//)
    // llms.txt names it in the English section alone; the German section (## Deutsch) has the German posts.
    const llms = read('llms.txt')
    const german = llms.slice(llms.indexOf('\n## Deutsch\n'), llms.indexOf('\n## ', llms.indexOf('\n## Deutsch\n') + 1))
    expect(german).toContain('/de/blog/netz/')
    expect(german).not.toContain('upgrades')
    expect(llms).toContain('[Safe upgrades](https://kubeguard.dev/blog/upgrades/index.md)')
    // An English post in English alone names no German page in its head.
    expect(read('blog/upgrades/index.html')).not.toMatch(/<link rel="alternate" hrefLang="de"/)
    expect(read('blog/roles/index.html')).toMatch(/<link rel="alternate" hrefLang="de"/)
  })

  it('writes German lists the W3C Nu checker finds no error in', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kube-site-untranslated-nu-'))
    try {
      writeFileSync(join(dir, 'first.html'), read('de/blog/index.html'))
      writeFileSync(join(dir, 'second.html'), read('de/blog/page/2/index.html'))
      const errors = await nuErrors(dir)
      expect(errors, formatNuErrors(errors)).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)

  it('shows the new title of an English post on the German list after a rebuild', async () => {
    writeFileSync(join(site, 'posts', 'audit.md'), post('Reading audit logs', '2025-01-10'))
    await build()
    expect(entries(read('de/blog/page/2/index.html')).at(-1)).toMatchObject({ lang: 'en', href: '/blog/audit/', title: 'Reading audit logs' })
  }, 600_000)
})
