import { uiStrings } from '../../../pages/_lib/text/uiStrings.ts'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { explainFiles, filesTo, outputFile, planBuild, withFilesBeside, withSiteFiles } from '../../incremental/planBuild.ts'
import { pageUrls } from '../../../pages/_lib/urls/routes.ts'
import { localizedPath } from '../../../pages/_lib/locales/locales.ts'
import { siteFiles } from './writeSiteFiles.ts'
import { twinsBeside, writeMarkdownTwins } from './writeMarkdownTwins.ts'
import { GERMAN, englishPosts, germanPosts, twoLocaleContent, twoLocales } from './__fixtures__/twoLocales.ts'
import { pageHashes } from '../../incremental/pages/pagePlan.ts'
import type { SiteContent } from '../siteContent.ts'

// A site in two locales: each German post's markdown twin beside its German page, and the build's
// plan of files, which names every file of both locales with its reason (what --explain counts),
// and the key that keeps llms.txt and the sitemap, which every locale's posts are part of.

let roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

describe('markdown twins of a locale', () => {
  it("writes a German post's twin beside its page under /de/, naming that page", async () => {
    const root = mkdtempSync(join(tmpdir(), 'kube-site-locale-twins-'))
    roots.push(root)
    mkdirSync(join(root, 'posts', 'de'), { recursive: true })
    writeFileSync(join(root, 'posts', 'de', 'netzwerkrichtlinien.md'), '---\ntitle: "Über netzwerkrichtlinien"\n---\n\nSiehe [die Preise](/pricing/).\n')
    const [post] = germanPosts.filter((germanPost) => germanPost.slug === 'netzwerkrichtlinien')
    await writeMarkdownTwins({ root: join(root, 'out'), posts: [post!], postsDir: join(root, 'posts'), siteUrl: 'https://kubeguard.dev', base: '/', imageUrl: async (_, src) => src, locale: GERMAN, strings: uiStrings('de') })
    const twin = readFileSync(join(root, 'out', 'de', 'blog', 'netzwerkrichtlinien', 'index.md'), 'utf8')
    expect(twin).toMatch(/^# Über netzwerkrichtlinien\n\n.*<https:\/\/kubeguard\.dev\/de\/blog\/netzwerkrichtlinien\/>\n\nSiehe \[die Preise\]\(\/pricing\/\)\.\n$/)
    // The header line in German: no English word in it.
    expect(twin.split('\n')[2]).toMatch(/^Von \S.* · \d{4}-\d{2}-\d{2} · /)
    expect(twin.split('\n')[2]).not.toMatch(/\b(By|updated|Tags)\b/)
  })
})

describe('the plan of a site in two locales', () => {
  it("gives every locale's twins, feeds and llms.txt a reason, each twin its German page's", () => {
    const urls = twoLocales.flatMap(({ locale, posts, config }) => pageUrls(posts, config.blog).map((url) => localizedPath(locale, url))).sort()
    let plan = planBuild(undefined, { urls, postUrls: [], cached: true, restored: false, surveyed: false, pageFile: (url) => outputFile(`${url}index.html`), threadCount: () => 1 })
    plan = withFilesBeside(plan, twinsBeside(twoLocales))
    const files = siteFiles({ config: twoLocales[0]!.config, posts: englishPosts, locales: twoLocales, base: '/', buildDate: '2025-10-10' }, urls, false)
    plan = withSiteFiles(plan, { keys: new Map([...files.keys()].map((urlPath) => [urlPath, undefined])), recorded: new Map(), cached: true, updating: false })
    const reason = (urlPath: string) => plan.files.get(outputFile(urlPath))
    expect(reason('/de/blog/netzwerkrichtlinien/index.md')).toEqual({ action: 'written', reason: 'its page rendered' })
    expect(reason('/de/blog/nur-auf-deutsch/index.md')).toEqual({ action: 'written', reason: 'its page rendered' })
    expect(reason('/blog/english-only/index.md')).toEqual({ action: 'written', reason: 'its page rendered' })
    // No twin of a post in a locale it is not written in.
    expect(reason('/de/blog/english-only/index.md')).toBeUndefined()
    for (const urlPath of ['/de/blog/rss.xml', '/de/blog/atom.xml', '/de/blog/feed.json', '/de/blog/tags/sicherheit/rss.xml', '/blog/rss.xml', '/llms.txt']) {
      expect(reason(urlPath), urlPath).toEqual({ action: 'written', reason: 'output replaced whole' })
    }
    // 6 twins; the blog's feeds and each tag's in each locale (en: rbac, cilium; de: sicherheit, rbac, cilium), 3 formats each; sitemap, llms.txt, robots.txt.
    expect(filesTo(plan, 'written')).toHaveLength(6 + 3 * (3 + 4) + 3)
    expect(explainFiles(plan)).toBe('30 written (6 its page rendered, 24 output replaced whole)')
  })
})

describe('the key of what the pages, llms.txt and the sitemap are made from', () => {
  const inputsOf = (content: SiteContent) => pageHashes({ ...content, bodiesInserted: true }, '/', 'bundle', (file) => file, undefined, []).memo.inputs
  it("changes with another locale's posts and config, so a rebuild makes llms.txt again; one locale's is as before", () => {
    const two = inputsOf(twoLocaleContent)
    const retitled = twoLocales.map((entry, at) => (at === 1 ? { ...entry, posts: entry.posts.map((post, index) => (index === 0 ? { ...post, title: 'Neu' } : post)) } : entry))
    expect(inputsOf({ ...twoLocaleContent, locales: retitled })).not.toBe(two)
    const described = twoLocales.map((entry, at) => (at === 1 ? { ...entry, config: { ...entry.config, blog: { ...entry.config.blog, description: 'Andere.' } } } : entry))
    expect(inputsOf({ ...twoLocaleContent, locales: described })).not.toBe(two)
    // The default locale alone: the key a site of one language had.
    const { locales: _, ...one } = twoLocaleContent
    expect(inputsOf({ ...one, locales: twoLocales.slice(0, 1) })).toBe(inputsOf(one))
  })
})
