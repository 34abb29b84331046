import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { KubeSiteError } from '../../errors.ts'
import { localeConfigs } from '../locales/localeConfigs.ts'
import { validateSiteConfig } from '../config/loadSiteConfig.ts'
import { loadSitePosts } from './loadSitePosts.ts'
import { scaffoldTranslation } from './scaffoldTranslation.ts'
import siteConfig from '../../../site.config.ts'

const config = validateSiteConfig({ ...siteConfig, locales: [{ code: 'de' }] }, '/nowhere/site.config.ts')
const original = (title: string, extra = '') => `---\ntitle: "${title}"\nexcerpt: "About ${title}."\nauthor: "Ana"\ndate: 2025-01-02\ntags: [k8s, rbac]\n${extra}---\n\n## ${title}\n\nThe text.\n`

let dir: string | undefined
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})
function postsFolder(): string {
  dir = mkdtempSync(join(tmpdir(), 'kube-site-translate-'))
  const posts = join(dir, 'posts')
  mkdirSync(join(posts, 'zero-trust'), { recursive: true })
  writeFileSync(join(posts, 'rbac.md'), original('Least privilege', 'slug: least-privilege\nimage: /images/blog/rbac.svg\n'))
  writeFileSync(join(posts, 'zero-trust', 'index.md'), original('Zero trust', 'image: ./cover.png\n'))
  return posts
}
const translate = (posts: string, options: { translationOf: string; locale?: string; slug?: string }) =>
  scaffoldTranslation({ locale: 'de', config, postsDir: posts, cwd: dirname(posts), date: '2026-11-28', ...options })
async function refusal(promise: Promise<unknown>): Promise<KubeSiteError> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught)
  expect(error).toBeInstanceOf(KubeSiteError)
  return error as KubeSiteError
}

describe('scaffoldTranslation', () => {
  it("writes a draft with the original's frontmatter and text, linked by its file name", async () => {
    const posts = postsFolder()
    const { file, slug } = await translate(posts, { translationOf: 'least-privilege' })
    expect(file).toBe(join(posts, 'de', 'rbac.md'))
    expect(slug).toBe('rbac')
    const text = readFileSync(file, 'utf8')
    expect(text).toContain('title: "Least privilege"\nexcerpt: "About Least privilege."\nauthor: "Ana"\ndate: 2026-11-28\ntags: ["k8s", "rbac"]\nimage: "/images/blog/rbac.svg"\nslug: least-privilege\ndraft: true\n---\n## Least privilege\n\nThe text.\n')
    expect(text).toContain('# A translation into de of posts/rbac.md')
    expect(text).not.toContain('translationOf')
    // What the build reads: a German draft that translates the original.
    const loaded = await loadSitePosts(posts, localeConfigs(config), { cwd: dirname(posts), includeDrafts: true, today: '2026-11-28' })
    expect(loaded.find((post) => post.locale === 'de')).toMatchObject({ slug: 'least-privilege', translationOf: 'least-privilege', draft: true, sourceFile: 'de/rbac.md' })
  })

  it('names its original when its slug is translated, and keeps a cover beside the original found', async () => {
    const posts = postsFolder()
    const renamed = await translate(posts, { translationOf: 'least-privilege', slug: 'minimale-rechte' })
    expect(renamed.file).toBe(join(posts, 'de', 'minimale-rechte.md'))
    expect(readFileSync(renamed.file, 'utf8')).toContain('\ntranslationOf: least-privilege\ndraft: true\n')
    const folder = await translate(posts, { translationOf: 'zero-trust' })
    expect(folder.file).toBe(join(posts, 'de', 'zero-trust', 'index.md'))
    expect(readFileSync(folder.file, 'utf8')).toContain('\nimage: "../../zero-trust/cover.png"\n')
    const loaded = await loadSitePosts(posts, localeConfigs(config), { cwd: dirname(posts), includeDrafts: true, today: '2026-11-28' })
    expect(loaded.filter((post) => post.locale === 'de').map(({ slug, translationOf }) => [slug, translationOf]).sort()).toEqual([
      ['minimale-rechte', 'least-privilege'],
      ['zero-trust', 'zero-trust'],
    ])
  })

  it('follows an original renamed since: the old slug its redirectFrom keeps names it as it is now', async () => {
    const posts = postsFolder()
    writeFileSync(join(posts, 'audit.md'), original('Auditing roles', 'slug: auditing-roles\nredirectFrom: [/blog/role-audits/]\n'))
    const renamed = await translate(posts, { translationOf: 'role-audits', slug: 'rollen-pruefen' })
    expect(renamed).toMatchObject({ file: join(posts, 'de', 'rollen-pruefen.md'), original: 'auditing-roles' })
    expect(readFileSync(renamed.file, 'utf8')).toContain('\ntranslationOf: auditing-roles\ndraft: true\n')
    expect((await translate(posts, { translationOf: 'least-privilege' })).original).toBe('least-privilege')
  })

  it('refuses a locale the site has not, the default, an original that is not there, and a file that is', async () => {
    const posts = postsFolder()
    expect((await refusal(translate(posts, { translationOf: 'zero-trust', locale: 'fr' }))).message).toBe(`--locale "fr": no locale 'fr' in site.config.ts locales`)
    expect((await refusal(translate(posts, { translationOf: 'zero-trust', locale: 'EN' }))).message).toBe('--locale "EN" is the default locale (site.language), whose posts are posts/ itself')
    const missing = await refusal(translate(posts, { translationOf: 'zero-trusts' }))
    expect([missing.message, missing.hint]).toEqual(['--translation-of "zero-trusts": no post of posts/ has that slug', 'Did you mean --translation-of zero-trust?'])
    await translate(posts, { translationOf: 'zero-trust', locale: 'DE' })
    const existing = await refusal(translate(posts, { translationOf: 'zero-trust' }))
    expect([existing.code, existing.location?.file]).toEqual(['POST_EXISTS', join('posts', 'de', 'zero-trust', 'index.md')])
    expect((await refusal(translate(posts, { translationOf: 'zero-trust', slug: 'Null' }))).message).toBe('--slug "Null" is not a valid slug')
  })
})
