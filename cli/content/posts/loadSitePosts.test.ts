import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { KubeSiteError, formatLocation } from '../../errors.ts'
import { localeConfigs } from '../locales/localeConfigs.ts'
import { validateSiteConfig } from '../config/loadSiteConfig.ts'
import { loadSitePostsInStages, localeReads, readOf } from './loadSitePosts.ts'
import siteConfig from '../../../site.config.ts'

const post = (title: string, extra = '') => `---\ntitle: ${title}\nexcerpt: About ${title}.\nauthor: Ana\ndate: 2025-01-02\ntags: [k8s]\n${extra}---\n\nSome words about ${title}.\n`
const locales = (codes: string[]) => localeConfigs(validateSiteConfig({ ...siteConfig, locales: codes.map((code) => ({ code })) }, '/nowhere/site.config.ts'))

let dir: string | undefined
/** A posts folder in a fresh temporary folder, with `files` by their path in it. */
function postsFolder(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'kube-site-locale-posts-'))
  const posts = join(dir, 'posts')
  mkdirSync(posts)
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(posts, name)), { recursive: true })
    writeFileSync(join(posts, name), text)
  }
  return posts
}
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

/** The problems of a load that fails, as 'file:line:col message'. */
async function problems(posts: string, codes: string[]): Promise<string[]> {
  const error = await loadSitePostsInStages(posts, locales(codes), { cwd: dirname(posts), includeDrafts: true }).then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(KubeSiteError)
  const found = error as KubeSiteError
  return (found.problems.length ? found.problems : [found]).map((problem) => `${formatLocation(problem.location!)} ${problem.message}`)
}

describe('loadSitePostsInStages', () => {
  it("reads each locale's folder in its language, and links each translation to its original", async () => {
    const posts = postsFolder({
      'zero-trust.md': post('Zero trust'),
      'rbac.md': post('RBAC', 'slug: least-privilege\n'),
      'draft.md': post('Draft', 'draft: true\n'),
      'de/zero-trust.md': post('Zero Trust auf Deutsch'),
      'de/minimale-rechte.md': post('Minimale Rechte', 'translationOf: least-privilege\n'),
      'de/entwurf.md': post('Entwurf', 'translationOf: draft\n'),
      'de/nur-deutsch/index.md': post('Nur auf Deutsch'),
    })
    const staged = await loadSitePostsInStages(posts, locales(['de']), { cwd: dirname(posts) })
    await staged.done
    const summary = staged.posts.map(({ slug, locale, translationOf, sourceFile }) => ({ slug, locale, translationOf, sourceFile }))
    expect(summary.sort((a, b) => a.sourceFile.localeCompare(b.sourceFile))).toEqual([
      // A translation of a draft is a translation still, published or not.
      { slug: 'entwurf', locale: 'de', translationOf: 'draft', sourceFile: 'de/entwurf.md' },
      { slug: 'minimale-rechte', locale: 'de', translationOf: 'least-privilege', sourceFile: 'de/minimale-rechte.md' },
      { slug: 'nur-deutsch', locale: 'de', translationOf: undefined, sourceFile: 'de/nur-deutsch/index.md' },
      { slug: 'zero-trust', locale: 'de', translationOf: 'zero-trust', sourceFile: 'de/zero-trust.md' },
      { slug: 'least-privilege', locale: 'en', translationOf: undefined, sourceFile: 'rbac.md' },
      { slug: 'zero-trust', locale: 'en', translationOf: undefined, sourceFile: 'zero-trust.md' },
    ])
    // Each in its own language: the German catalog's reading time, the English one's.
    expect(staged.posts.find((found) => found.sourceFile === 'de/zero-trust.md')!.readTime).toMatch(/Min/)
    expect(staged.posts.find((found) => found.sourceFile === 'zero-trust.md')!.readTime).toBe('1 min read')
    expect(await staged.body('de/zero-trust.md')).toContain('Zero Trust auf Deutsch')
    expect(await staged.body('zero-trust.md')).toContain('Zero trust')
  })

  it("takes a locale's folder in any case, and a post of a language's name with its own index.md as a post", async () => {
    const posts = postsFolder({ 'a.md': post('A'), 'DE/a.md': post('A auf Deutsch'), 'fr/index.md': post('Le français') })
    const staged = await loadSitePostsInStages(posts, locales(['de']), { cwd: dirname(posts) })
    await staged.done
    expect(staged.posts.map(({ sourceFile, locale, slug }) => `${locale} ${sourceFile} ${slug}`).sort()).toEqual(['de DE/a.md a', 'en a.md a', 'en fr/index.md fr'])
  })

  it('refuses a folder of posts named as a language the site has not, and posts/<default>/', async () => {
    expect(await problems(postsFolder({ 'a.md': post('A'), 'fr/a.md': post('A en français') }), ['de'])).toEqual([`posts/fr/ no locale 'fr' in site.config.ts locales`])
    expect(await problems(postsFolder({ 'a.md': post('A'), 'EN/a.md': post('A') }), [])).toEqual([`posts/EN/ 'en' is the default locale (site.language), whose posts are in posts/ itself`])
  })

  it('refuses a translation of no post, and translationOf in posts/, at their lines', async () => {
    const posts = postsFolder({
      'a.md': post('A', 'translationOf: b\n'),
      'b.md': post('B'),
      'de/x.md': post('X', 'translationOf: bb\n'),
      'de/y.md': post('Y', 'slug: x\n'),
    })
    // Every locale's at once.
    expect(await problems(posts, ['de'])).toEqual([
      `posts/a.md:7:16 translationOf "b": a post of posts/ is an original, not a translation`,
      'posts/de/x.md:7:16 translationOf "bb" names no post of posts/',
      'posts/de/y.md:7:7 slug "x" is already used by posts/de/x.md',
    ])
    rmSync(join(posts, 'a.md'))
    expect(await problems(posts, ['de'])).toEqual([
      'posts/de/x.md:7:16 translationOf "bb" names no post of posts/',
      'posts/de/y.md:7:7 slug "x" is already used by posts/de/x.md',
    ])
  })

  it("reports every locale's broken posts at once, and a translation of a broken original as nothing else", async () => {
    const posts = postsFolder({ 'a.md': post('A', 'draft: maybe\n'), 'b.md': post('B'), 'de/x.md': post('X', 'translationOf: a\n'), 'de/y.md': post('Y', 'updated: 2025-13-45\n') })
    expect(await problems(posts, ['de'])).toEqual([
      'posts/a.md:7:8 draft must be true or false',
      'posts/de/y.md:7:10 updated "2025-13-45" is not a valid date (use YYYY-MM-DD)',
    ])
    // With the original readable, a translation of no post is one still.
    writeFileSync(join(posts, 'a.md'), post('A'))
    writeFileSync(join(posts, 'de/x.md'), post('X', 'translationOf: c\n'))
    expect(await problems(posts, ['de'])).toEqual(['posts/de/y.md:7:10 updated "2025-13-45" is not a valid date (use YYYY-MM-DD)', 'posts/de/x.md:7:16 translationOf "c" names no post of posts/'])
  })

  it("refuses a locale's old URL that is one of its pages, with its prefix or without, at its line; the default's pages are the default's", async () => {
    const posts = postsFolder({ 'a.md': post('A', 'redirectFrom: /de/old/\n'), 'de/x.md': post('X', 'redirectFrom: [/de/, /blog/, /de/alt/]\n') })
    expect(await problems(posts, ['de'])).toEqual([
      'posts/de/x.md:7:15 old URL /de/ is a page of the site (the home page): a redirect would hide it',
      'posts/de/x.md:7:15 old URL /blog/ is a page of the site (the blog): a redirect would hide it',
    ])
  })

  it("follows a renamed original's redirectFrom: its old slug names it as it is now, and the translation says where it wrote the old one", async () => {
    const posts = postsFolder({
      'zero-trust-networking.md': post('Zero trust', 'slug: zero-trust-networking\nredirectFrom: [/blog/zero-trust/, /pricing-old/]\n'),
      'de/null-vertrauen.md': post('Null Vertrauen', 'translationOf: zero-trust\n'),
      'fr/actuel.md': post('Actuel', 'translationOf: zero-trust-networking\n'),
    })
    const staged = await loadSitePostsInStages(posts, locales(['de', 'fr']), { cwd: dirname(posts), includeDrafts: true })
    staged.stop()
    const translated = Object.fromEntries(staged.posts.filter((entry) => entry.locale !== 'en').map(({ slug, translationOf, translationOfOld }) => [slug, { translationOf, translationOfOld }]))
    expect(translated).toEqual({
      'null-vertrauen': { translationOf: 'zero-trust-networking', translationOfOld: { slug: 'zero-trust', line: 7, column: 16 } },
      actuel: { translationOf: 'zero-trust-networking', translationOfOld: undefined },
    })
  })

  it('refuses a second translation of one original in a language, at its line, naming the first (the one with its slug, else the first by name)', async () => {
    const posts = postsFolder({
      'zero-trust.md': post('Zero trust'),
      'rbac.md': post('RBAC'),
      'de/zero-trust.md': post('Null Vertrauen'),
      'de/null-vertrauen.md': post('Null Vertrauen, neu', 'translationOf: zero-trust\n'),
      'de/b-rollen.md': post('Rollen', 'translationOf: rbac\n'),
      'de/a-rollen.md': post('Rollen, neu', 'draft: true\ntranslationOf: rbac\n'),
      // Another language's translation of the same original is its own.
      'fr/confiance-zero.md': post('Confiance zéro', 'translationOf: zero-trust\n'),
    })
    expect(await problems(posts, ['de', 'fr'])).toEqual([
      'posts/de/b-rollen.md:7:16 translates rbac, as posts/de/a-rollen.md does already: one translation of a post a language',
      'posts/de/null-vertrauen.md:7:16 translates zero-trust, as posts/de/zero-trust.md does already: one translation of a post a language',
    ])
  })

  it("refuses a translation whose slug is one original's while its translationOf names another, at the slug's line", async () => {
    const posts = postsFolder({
      'pod-security.md': post('Pod security'),
      'rbac.md': post('RBAC'),
      'de/psa.md': post('PSA', 'slug: pod-security\ntranslationOf: rbac\n'),
      // Its file name makes it the translation of rbac.md; its slug is pod-security.md's.
      'de/rbac.md': post('RBAC', 'slug: pod-security\n'),
    })
    const found = await problems(posts, ['de'])
    expect(found).toContain(`posts/de/psa.md:7:7 slug "pod-security" is the original pod-security's, but translationOf names rbac`)
    expect(found).toContain(`posts/de/rbac.md:7:7 slug "pod-security" is the original pod-security's, but translationOf names rbac`)
  })

  it('refuses a slug that names no post and no old URL of one: an old path that is no post page names none', async () => {
    const posts = postsFolder({
      'zero-trust-networking.md': post('Zero trust', 'redirectFrom: [/blog/zero-trust/, /docs/zero-trust/]\n'),
      'de/a.md': post('A', 'translationOf: docs\n'),
      'de/b.md': post('B', 'translationOf: zero-trust-network\n'),
    })
    expect(await problems(posts, ['de'])).toEqual([
      'posts/de/a.md:7:16 translationOf "docs" names no post of posts/',
      'posts/de/b.md:7:16 translationOf "zero-trust-network" names no post of posts/',
    ])
  })
})

describe('readOf', () => {
  it("gives a post file the locale of its first folder when that is a locale's, in any case, else the default's", () => {
    const posts = postsFolder({ 'a.md': post('A') })
    const reads = localeReads(posts, locales(['de', 'pt-BR']), { cwd: dirname(posts) })
    expect(reads.map(({ code, folder, exists }) => [code, folder, exists])).toEqual([
      ['en', undefined, true],
      ['de', 'de', false],
      ['pt-BR', 'pt-br', false],
    ])
    const cases: [name: string, code: string][] = [
      ['a.md', 'en'],
      ['a/index.md', 'en'],
      ['de.md', 'en'],
      ['fr/a.md', 'en'],
      ['de/a.md', 'de'],
      ['DE/a.md', 'de'],
      ['de/a/index.md', 'de'],
      ['pt-BR/a.md', 'pt-BR'],
    ]
    for (const [name, code] of cases) expect([name, readOf(reads, name).code]).toEqual([name, code])
  })
})

