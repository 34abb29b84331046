import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { formatError } from '../../reportError.ts'
import { KubeSiteError, formatLocation } from '../../errors.ts'
import { loadSiteConfig, validateSiteConfig } from './loadSiteConfig.ts'
import { siteIcons } from './siteConfigSchema.ts'
import siteConfig from '../../../site.config.ts'

const repo = fileURLToPath(new URL('../../..', import.meta.url))
/** The error `validate` throws (a test that expects one fails when it throws none). */
function refusal(validate: () => unknown): KubeSiteError {
  try {
    validate()
  } catch (caught) {
    return caught as KubeSiteError
  }
  throw new Error('expected a problem')
}
const fixture = (name: string) => fileURLToPath(new URL(`./__fixtures__/configs/${name}`, import.meta.url))

async function loadError(file: string): Promise<KubeSiteError> {
  const error = await loadSiteConfig(file, repo).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(KubeSiteError)
  return error as KubeSiteError
}

describe('loadSiteConfig', () => {
  it('loads the real site.config.ts and fills in the defaults', async () => {
    const { config, dependencies } = await loadSiteConfig(`${repo}site.config.ts`, repo)
    expect(config.brand.name).toBe('KubeGuard')
    expect(config.blog.pageSize).toBe(2)
    expect(config.site.base).toBe('/')
    expect(config.pricing.pageTitle).toBe('Choose Your Security Plan')
    expect(config.contact.emailLabel).toBe('Email Us')
    expect(config.footer.status).toBe('All systems online')
    expect(config.pricing.plans.map((plan) => [plan.name, plan.price, plan.period])).toEqual([
      ['Starter', '$300', '/month'],
      ['Growth', 'Custom', ''],
      ['Enterprise', 'Custom', ''],
    ])
    expect(dependencies.some((file) => file.endsWith('site.config.ts'))).toBe(true)
  })

  it('reports every invalid field with its path, and the file', async () => {
    const error = await loadError(fixture('bad.config.ts'))
    expect(error.code).toBe('CONFIG_INVALID')
    expect(error.message).toBe('cli/content/config/__fixtures__/configs/bad.config.ts is not a valid site config (3 problems)')
    expect(error.problems.map((problem) => problem.message)).toEqual([
      'site.url: must be an absolute http(s) URL',
      'pricing.plans[1].popular: Invalid input: expected boolean, received string',
      'blog.pageSize: Too small: expected number to be >=1',
    ])
  })

  it('points at the line of the field when it can find it', async () => {
    const error = await loadError(fixture('bad.config.ts'))
    const [url] = error.problems
    expect(url?.location).toEqual({ file: 'cli/content/config/__fixtures__/configs/bad.config.ts', line: 7, column: 27 })
    expect(formatError(error)).toContain('cli/content/config/__fixtures__/configs/bad.config.ts:7:27 site.url: must be an absolute http(s) URL')
  })

  it('says when a required field is missing', () => {
    expect(() => validateSiteConfig({}, '/nowhere/site.config.ts', 'site.config.ts')).toThrowError(
      expect.objectContaining({
        problems: expect.arrayContaining([expect.objectContaining({ message: 'brand: is required' })]),
      }),
    )
  })

  it('names the file when it does not exist', async () => {
    const error = await loadError(`${repo}missing.config.ts`)
    expect(error.code).toBe('CONFIG_NOT_FOUND')
    expect(error.message).toBe('Site config missing.config.ts not found')
  })

  it('gives a syntax error its file:line:column and a code frame', async () => {
    const error = await loadError(fixture('syntax-error.config.ts'))
    expect(error.code).toBe('CONFIG_LOAD_FAILED')
    expect(error.location).toEqual({ file: 'cli/content/config/__fixtures__/configs/syntax-error.config.ts', line: 4, column: 1 })
    expect(error.message).toBe('syntax error: Expected `}` but found `EOF`')
    const text = formatError(error)
    expect(text).toContain('cli/content/config/__fixtures__/configs/syntax-error.config.ts:4:1 syntax error: ')
    expect(text).toContain('    3 | }\n  > 4 | \n      | ^')
    expect(text).not.toMatch(/\u001b|\n\s+at /)
  })

  it('refuses an unknown key at every depth, suggesting the nearest known one', async () => {
    const error = await loadError(fixture('unknown-keys.config.ts'))
    expect(error.code).toBe('CONFIG_INVALID')
    const file = 'cli/content/config/__fixtures__/configs/unknown-keys.config.ts'
    expect(error.problems.map((problem) => `${formatLocation(problem.location!)} ${problem.message}`).sort()).toEqual([
      `${file}:13:43 footer.columns[0].links[0].lable: unknown key (did you mean label?)`,
      `${file}:15:3 analytics: unknown key`,
      `${file}:9:5 contact.emial: unknown key (did you mean email?)`,
    ])
    // email is missing too, but the suggestion already says so.
    expect(error.problems.find((problem) => problem.message.startsWith('contact.email'))).toBeUndefined()
    expect(error.problems.find((problem) => problem.message.startsWith('contact.emial'))?.hint).toBe(
      'Known keys of contact: eyebrow, title, description, email, emailLabel, scheduleLabel, githubLabel.',
    )
  })

  it("refuses an icon the site's icon file does not draw, naming the ones it does", () => {
    const features = [{ ...siteConfig.networkSecurity.features[0]!, icon: 'netwrok' }]
    let error = new KubeSiteError('INTERNAL', 'not thrown')
    try {
      // One locale: the German copy gives the features' texts item by item, and one feature here is fewer than its.
      validateSiteConfig({ ...siteConfig, locales: [], networkSecurity: { ...siteConfig.networkSecurity, features } }, '/nowhere/site.config.ts', 'site.config.ts')
    } catch (caught) {
      error = caught as KubeSiteError
    }
    expect(error.problems.map((problem) => problem.message)).toEqual([expect.stringMatching(/^networkSecurity\.features\[0\]\.icon: "netwrok" is not one of the site's icons \(.*\bnetwork\b.*\)$/)])
    expect(siteIcons()).toEqual(expect.arrayContaining(['shield', 'github', 'linkedin', 'x', 'youtube']))
  })

  it('keeps the messages of wrong types and missing values', () => {
    let error = new KubeSiteError('INTERNAL', 'not thrown')
    try {
      validateSiteConfig({ brand: { name: 7, logo: { light: '/a.svg', dark: '/b.svg' } } }, '/nowhere/site.config.ts', 'site.config.ts')
    } catch (caught) {
      error = caught as KubeSiteError
    }
    const messages = error.problems.map((problem) => problem.message)
    expect(messages).toContain('brand.name: Invalid input: expected string, received number')
    expect(messages).toContain('site: is required')
  })

  it("refuses a Content-Security-Policy source that is not one, or would undo the policy, at its line and with the value", () => {
    const dir = mkdtempSync(join(tmpdir(), 'kube-site-config-'))
    try {
      const file = join(dir, 'site.config.ts')
      const sources = { 'img-src': ['https://cdn.example.com', 'https://a b.example.com'], 'script-src': ["'unsafe-inline'"] }
      writeFileSync(file, `export default defineSiteConfig({\n  ...site,\n  security: {\n    contentSecurityPolicy: {\n      'img-src': ['https://cdn.example.com', 'https://a b.example.com'],\n      'script-src': ["'unsafe-inline'"],\n    },\n  },\n})\n`)
      const error = refusal(() => validateSiteConfig({ ...siteConfig, security: { contentSecurityPolicy: sources } }, file, 'site.config.ts'))
      const problems = error.problems.length > 0 ? error.problems : [error]
      const shown = problems.map((problem) => `${formatLocation(problem.location!)} ${problem.message}`)
      expect(shown).toHaveLength(2)
      expect(shown[0]).toMatch(/^site\.config\.ts:5(:\d+)? .*img-src.*"https:\/\/a b\.example\.com" is not a CSP source/)
      expect(shown[1]).toMatch(/^site\.config\.ts:6(:\d+)? .*script-src.*'unsafe-inline' would undo the policy/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it.each([
    ['DE', `site.config.ts:5:5 site.language: "DE" is a region (Germany), not a language`, "Write the language first, then the region: 'de-DE', or 'de' alone."],
    ['xx', `site.config.ts:5:5 site.language: "xx": "xx" is not a known language`, 'ISO 639'],
    ['de_AT', `site.config.ts:5:5 site.language: "de_AT" is not a BCP 47 language tag (write 'de-AT')`, 'joined by hyphens'],
  ])('refuses the site language %j at its line, with a hint', (language, shown, hint) => {
    const dir = mkdtempSync(join(tmpdir(), 'kube-site-config-'))
    try {
      const file = join(dir, 'site.config.ts')
      writeFileSync(file, `export default defineSiteConfig({\n  ...site,\n  site: {\n    ...site.site,\n    language: ${JSON.stringify(language)},\n  },\n})\n`)
      const error = refusal(() => validateSiteConfig({ ...siteConfig, site: { ...siteConfig.site, language } }, file, 'site.config.ts'))
      expect(error.problems.map((problem) => `${formatLocation(problem.location!)} ${problem.message}`)).toEqual([shown])
      expect(error.problems[0]!.hint).toContain(hint)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('takes other locales in canonical form, and refuses one that repeats a locale at its line', () => {
    const config = validateSiteConfig({ ...siteConfig, locales: [{ code: 'de' }, { code: 'pt-br', name: 'Português' }] }, '/nowhere/site.config.ts', 'site.config.ts')
    expect(config.locales).toEqual([{ code: 'de' }, { code: 'pt-BR', name: 'Português' }])
    const dir = mkdtempSync(join(tmpdir(), 'kube-site-config-'))
    try {
      const file = join(dir, 'site.config.ts')
      writeFileSync(file, `export default defineSiteConfig({\n  ...site,\n  locales: [\n    { code: 'de' },\n    { code: 'DE' },\n    { code: 'en' },\n    { code: 'AT' },\n  ],\n})\n`)
      const error = refusal(() => validateSiteConfig({ ...siteConfig, locales: [{ code: 'de' }, { code: 'DE' }, { code: 'en' }, { code: 'AT' }] }, file, 'site.config.ts'))
      expect(error.problems.map((problem) => `${formatLocation(problem.location!)} ${problem.message}`)).toEqual([
        `site.config.ts:5:7 locales[1].code: "DE" is a region (Germany), not a language`,
        `site.config.ts:7:7 locales[3].code: "AT" is a region (Austria), not a language`,
      ])
      writeFileSync(file, `export default defineSiteConfig({\n  ...site,\n  locales: [\n    { code: 'de' },\n    { code: 'de' },\n    { code: 'en' },\n  ],\n})\n`)
      const repeated = refusal(() => validateSiteConfig({ ...siteConfig, locales: [{ code: 'de' }, { code: 'de' }, { code: 'en' }] }, file, 'site.config.ts'))
      expect(repeated.problems.map((problem) => `${formatLocation(problem.location!)} ${problem.message}`)).toEqual([
        `site.config.ts:5:7 locales[1].code: "de" is already the site's locale at locales[0].code`,
        `site.config.ts:6:7 locales[2].code: "en" is already the site's locale at site.language`,
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("takes a locale's listUntranslated as a boolean, and refuses another value or a misspelt key at its line", () => {
    const config = validateSiteConfig({ ...siteConfig, locales: [{ code: 'de', listUntranslated: true }, { code: 'fr' }] }, '/nowhere/site.config.ts', 'site.config.ts')
    expect(config.locales).toEqual([{ code: 'de', listUntranslated: true }, { code: 'fr' }])
    const dir = mkdtempSync(join(tmpdir(), 'kube-site-config-'))
    try {
      const file = join(dir, 'site.config.ts')
      writeFileSync(file, `export default defineSiteConfig({\n  ...site,\n  locales: [\n    { code: 'de', listUntranslated: 'yes' },\n    { code: 'fr', listUntranslatd: true },\n  ],\n})\n`)
      const error = refusal(() => validateSiteConfig({ ...siteConfig, locales: [{ code: 'de', listUntranslated: 'yes' }, { code: 'fr', listUntranslatd: true }] }, file, 'site.config.ts'))
      expect(error.problems.map((problem) => `${formatLocation(problem.location!)} ${problem.message}`)).toEqual([
        `site.config.ts:4:19 locales[0].listUntranslated: Invalid input: expected boolean, received string`,
        `site.config.ts:5:19 locales[1].listUntranslatd: unknown key (did you mean listUntranslated?)`,
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("takes the site language in its canonical form, and derives no direction the pages' own function does not", () => {
    const config = validateSiteConfig({ ...siteConfig, site: { ...siteConfig.site, language: 'pt-br' } }, '/nowhere/site.config.ts', 'site.config.ts')
    expect(config.site).toMatchObject({ language: 'pt-BR' })
    expect(config.site.direction).toBeUndefined()
    expect(validateSiteConfig(siteConfig, '/nowhere/site.config.ts').site.language).toBe('en')
    const wrong = refusal(() => validateSiteConfig({ ...siteConfig, site: { ...siteConfig.site, direction: 'auto' } }, '/nowhere/site.config.ts', 'site.config.ts'))
    expect(wrong.problems.map((problem) => problem.message)).toEqual(['site.direction: Invalid option: expected one of "ltr"|"rtl"'])
  })

  it('refuses script sources that CSP Evaluator rates as bypasses, each with its reason and at its line, and keeps what is safe elsewhere', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kube-site-config-'))
    try {
      const file = join(dir, 'site.config.ts')
      const sources = { 'img-src': ['https:', 'https://*'], 'script-src': ['https://plausible.io', 'https://*', 'data:', '*.com', 'https:'] }
      writeFileSync(file, `export default defineSiteConfig({\n  ...site,\n  security: {\n    contentSecurityPolicy: {\n      'img-src': ['https:', 'https://*'],\n      'script-src': [\n        'https://plausible.io',\n        'https://*',\n        'data:',\n        '*.com',\n        'https:',\n      ],\n    },\n  },\n})\n`)
      const error = refusal(() => validateSiteConfig({ ...siteConfig, security: { contentSecurityPolicy: sources } }, file, 'site.config.ts'))
      const shown = error.problems.map((problem) => `${formatLocation(problem.location!)} ${problem.message}`)
      expect(shown).toEqual([
        expect.stringMatching(/^site\.config\.ts:8:9 security\.contentSecurityPolicy\['script-src'\]\[1\]: https:\/\/\* allows every host/),
        expect.stringMatching(/^site\.config\.ts:9:9 security\.contentSecurityPolicy\['script-src'\]\[2\]: data: .*hold their own content/),
        expect.stringMatching(/^site\.config\.ts:10:9 security\.contentSecurityPolicy\['script-src'\]\[3\]: \*\.com covers every site under a public suffix/),
        expect.stringMatching(/^site\.config\.ts:11:9 security\.contentSecurityPolicy\['script-src'\]\[4\]: https: allows a script from any host/),
      ])
      expect(error.problems.every((problem) => problem.code === 'CONFIG_INVALID' && problem.hint)).toBe(true)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('refuses a remote file whose host a Content-Security-Policy cannot name, at its line: a host is never text in a directive', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kube-site-config-'))
    try {
      const file = join(dir, 'site.config.ts')
      const src = 'https://video.example;connect-src/demo.mp4'
      writeFileSync(file, `export default defineSiteConfig({\n  ...site,\n  hero: {\n    ...site.hero,\n    video: {\n      ...site.hero.video,\n      src: '${src}',\n    },\n  },\n})\n`)
      const error = refusal(() => validateSiteConfig({ ...siteConfig, hero: { ...siteConfig.hero, video: { ...siteConfig.hero.video, src } } }, file, 'site.config.ts'))
      expect(error.problems.map((problem) => `${formatLocation(problem.location!)} ${problem.message}`)).toEqual([
        `site.config.ts:7:7 hero.video.src: "${src}": its host "video.example;connect-src" is not one a Content-Security-Policy can name (letters, digits and hyphens, in labels between dots)`,
      ])
      expect(error.problems[0]!.hint).toBeTruthy()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  describe('redirects', () => {
    /** Validates the real config with these redirects, written into a config file one a line from line 4. */
    function validateRedirects(redirects: Record<string, unknown>) {
      const dir = mkdtempSync(join(tmpdir(), 'kube-site-config-'))
      try {
        const file = join(dir, 'site.config.ts')
        const lines = Object.entries(redirects).map(([from, to]) => `    '${from}': ${JSON.stringify(to)},\n`)
        writeFileSync(file, `export default defineSiteConfig({\n  ...site,\n  redirects: {\n${lines.join('')}  },\n})\n`)
        return validateSiteConfig({ ...siteConfig, redirects }, file, 'site.config.ts')
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
    const problemsOf = (redirects: Record<string, unknown>) => {
      try {
        validateRedirects(redirects)
      } catch (error) {
        return (error as KubeSiteError).problems.map((problem) => `${formatLocation(problem.location!)} ${problem.message}`)
      }
      throw new Error('expected a problem')
    }

    it('default to none, and make old paths and targets page URLs', () => {
      expect(validateSiteConfig(siteConfig, `${repo}site.config.ts`).redirects).toEqual({})
      expect(validateRedirects({ '/docs': '/pricing', '/caf%C3%A9/': '/blog/' }).redirects).toEqual({ '/docs/': '/pricing/', '/café/': '/blog/' })
    })

    it('name a bad old path or target with its key and line', () => {
      expect(problemsOf({ '/docs': '/pricing/', 'old/': '/pricing/', '/a?b=1': '/pricing/', '/team/': 'https://example.com/team/', '/docs/': '/blog/' })).toEqual([
        `site.config.ts:5:6 redirects['old/']: old path "old/" must be a path on this site starting with '/', like /blog/old-post/`,
        `site.config.ts:6:6 redirects['/a?b=1']: old path "/a?b=1" must be a path alone, without ?query or #fragment (a redirect keeps those of the URL visited)`,
        `site.config.ts:7:6 redirects['/team/']: target "https://example.com/team/" must be a path on this site starting with '/', like /blog/old-post/`,
        `site.config.ts:8:6 redirects['/docs/']: "/docs/" is the old path "/docs" again (both are /docs/)`,
      ])
      expect(problemsOf({ '/docs/': 3 })).toEqual([`site.config.ts:4:6 redirects['/docs/']: must be the path of a page of the site, like /blog/new-post/`])
    })
  })

  it('asks for a default export', async () => {
    const error = await loadError(fixture('no-default.config.ts'))
    expect(error.message).toBe('cli/content/config/__fixtures__/configs/no-default.config.ts has no default export')
    expect(error.hint).toBe('End the file with: export default defineSiteConfig({ ... })')
  })

  describe('loaded again', () => {
    const withConfig = async (test: (file: string, name: string) => Promise<void>) => {
      const dir = mkdtempSync(join(tmpdir(), 'kube-site-config-'))
      const file = join(dir, 'site.config.ts')
      const name = join(dir, 'brandName.ts')
      writeFileSync(name, `export const brandName: string = 'First'\n`)
      writeFileSync(file, `import site from '${repo}site.config.ts'\nimport { brandName } from './brandName.ts'\nexport default { ...site, brand: { ...site.brand, name: brandName } }\n`)
      try {
        await test(file, name)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
    const brand = async (file: string) => (await loadSiteConfig(file, repo)).config.brand.name

    it("lists the config and every local file it imports, and no package: those are kube-site's, wherever the config is", () =>
      withConfig(async (file) => {
        // The config's folder (the system's temporary one) has no node_modules.
        writeFileSync(file, `import { z } from 'zod'\n${readFileSync(file, 'utf8').replace('name: brandName', 'name: z.string().parse(brandName)')}`)
        const { config, dependencies } = await loadSiteConfig(file, repo)
        expect(config.brand.name).toBe('First')
        expect([...dependencies].sort()).toEqual([`${repo}cli/content/config/defineSiteConfig.ts`, `${repo}site.config.ts`, join(file, '../brandName.ts'), file].sort())
      }))

    it('takes an edit of the config or of a file it imports, in the same process (a dev server)', () =>
      withConfig(async (file, name) => {
        expect(await brand(file)).toBe('First')
        writeFileSync(name, `export const brandName: string = 'Second'\n`)
        expect(await brand(file)).toBe('Second')
        writeFileSync(file, readFileSync(file, 'utf8').replace('name: brandName', 'name: `${brandName}!`'))
        expect(await brand(file)).toBe('Second!')
      }))

    it('gives a syntax error in a file the config imports that file:line:column', () =>
      withConfig(async (file, name) => {
        writeFileSync(name, `export const brandName: string = ('First'\n`)
        const error = await loadError(file)
        expect(error.code).toBe('CONFIG_LOAD_FAILED')
        expect(error.location).toEqual({ file: relative(process.cwd(), name), line: 2, column: 1 })
        expect(error.message).toMatch(/^syntax error: /)
        writeFileSync(name, `export const brandName: string = 'Third'\n`)
        expect(await brand(file)).toBe('Third')
      }))

    it('says what to do with TypeScript that Node does not run, and with an import without its extension', () =>
      withConfig(async (file, name) => {
        writeFileSync(name, `enum Names { First }\nexport const brandName = Names[0]\n`)
        const enumError = await loadError(file)
        expect(enumError.message).toBe(`${relative(repo, file)} could not be loaded: TypeScript enum is not supported in strip-only mode`)
        expect(enumError.hint).toMatch(/types stripped.*enum.*union of strings/)
        writeFileSync(file, readFileSync(file, 'utf8').replace("'./brandName.ts'", "'./brandName'"))
        const importError = await loadError(file)
        expect(importError.message).toMatch(/could not be loaded: Cannot find module '.*brandName' imported from /)
        expect(importError.message).not.toContain('kube-site-fresh')
        expect(importError.hint).toContain('with the extension (./plans.ts)')
      }))
  })
})
