import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliEnv, repoRoot } from '../support/buildSite.ts'

// A small site in German: the interface strings come from the German catalog, and an override in
// the config's `ui` wins over it. (English output is the rest of the suite's: build.test.ts.)

const post = (title: string, date: string, body: string) =>
  `---\ntitle: "${title}"\nexcerpt: "Über ${title}."\nauthor: "Maya Chen"\ndate: ${date}\ntags: [rbac]\n---\n\n${body}\n`

let site: string
let out: string
const page = (path: string) => readFileSync(join(out, path, 'index.html'), 'utf8')

beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), 'kube-site-ui-'))
  out = join(site, 'dist')
  mkdirSync(join(site, 'posts'))
  writeFileSync(join(site, 'posts', 'rollen.md'), post('Rollen prüfen', '2025-03-03', `${'Wer darf was im Cluster? '.repeat(60)}\n\n> [!WARNING]\n> Nur lesen.\n\n## Rollen\n\n## Bindungen\n\n## Konten\n`))
  writeFileSync(join(site, 'posts', 'netz.md'), post('Netzwerkrichtlinien', '2025-02-02', 'Nur erlaubter Verkehr.'))
  writeFileSync(join(site, 'posts', 'start.md'), post('Erste Schritte', '2025-01-01', 'Ein Helm-Befehl genügt.'))
  writeFileSync(
    join(site, 'site.config.ts'),
    `import config from '${join(repoRoot, 'site.config.ts')}'\nexport default { ...config, site: { ...config.site, language: 'de' }, locales: [], ui: { searchPlaceholder: 'Suchbegriff eingeben…' } }\n`,
  )
  const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [join(repoRoot, 'cli/bin.js'), 'build', '--quiet', '--config', join(site, 'site.config.ts')], { cwd: site, env: cliEnv({ NO_COLOR: '1' }), maxBuffer: 64 << 20 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
  expect({ code, stdout, stderr }).toMatchObject({ code: 0 })
}, 600_000)

afterAll(() => rmSync(site, { recursive: true, force: true }))

describe('a site with site.language de', () => {
  it("shows a post's interface in German: Back to Blog, the reading time, its callout and table of contents", () => {
    const html = page('blog/rollen')
    expect(html).toContain('Zurück zum Blog')
    expect(html).toMatch(/\d+ Min\. Lesezeit/)
    expect(html).toContain('<aside class="callout callout-warning" role="note" aria-label="Warnung">')
    expect(html).toContain('<nav class="toc" aria-label="Auf dieser Seite"><details><summary>Auf dieser Seite</summary>')
    expect(html).not.toMatch(/Back to Blog|min read|On this page|aria-label="Warning"/)
  })

  it('shows the pagination and the skip link in German', () => {
    const html = page('blog')
    expect(html).toContain('aria-label="Blogseiten"')
    expect(html).toContain('>Weiter<')
    expect(html).toContain('Zum Inhalt springen')
    expect(html).not.toMatch(/>Next<|Skip to content/)
    expect(page('blog/page/2')).toContain('Zurück')
  })

  it("shows the search page in German, with the config's override over the catalog", () => {
    const html = page('blog/search')
    expect(html).toContain('Blog durchsuchen')
    expect(html).toContain('placeholder="Suchbegriff eingeben…"')
    expect(html).not.toContain('Beiträge durchsuchen…')
    expect(html).not.toContain('Search the blog')
  })

  it("titles a tag's feed in German", () => {
    const feed = readFileSync(join(out, 'blog', 'tags', 'rbac', 'feed.json'), 'utf8')
    expect(JSON.parse(feed)).toMatchObject({ description: expect.stringMatching(/^3 Beiträge zum Thema rbac im .+-Blog\.$/) })
    // A feed's body has no table of contents, whatever it is called.
    expect(feed).toContain('Warnung')
    expect(feed).not.toContain('Auf dieser Seite')
  })
})
