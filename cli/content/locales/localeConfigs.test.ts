import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { KubeSiteError, formatLocation } from '../../errors.ts'
import { validateSiteConfig } from '../config/loadSiteConfig.ts'
import { localeConfigs } from './localeConfigs.ts'
import { siteUiStrings } from './siteStrings.ts'
import siteConfig from '../../../site.config.ts'

/** The problems validating `locales` gives, each as 'file:line:col message', the source written as `source`. */
function problems(locales: unknown, source: string, config: object = siteConfig): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'kube-site-locales-'))
  const file = join(dir, 'site.config.ts')
  writeFileSync(file, source)
  try {
    validateSiteConfig({ ...config, locales }, file, 'site.config.ts')
  } catch (error) {
    if (!(error instanceof KubeSiteError)) throw error
    return error.problems.map((problem) => `${formatLocation(problem.location!)} ${problem.message}`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  throw new Error('expected problems')
}

/** A config's source whose German copy is `lines` (its first at line 7). */
const germanCopySource = (lines: string[]) => ['export default defineSiteConfig({', '  ...site,', '  locales: [', '    {', "      code: 'de',", '      copy: {', ...lines, '      },', '    },', '  ],', '})', ''].join('\n')

describe('localeConfigs', () => {
  it("gives each locale the default's config with its copy over it, item by item", () => {
    const config = validateSiteConfig(
      {
        ...siteConfig,
        locales: [
          {
            code: 'de',
            copy: {
              site: { description: 'Kubernetes-Sicherheit' },
              hero: { title: 'Sicherheit für Kubernetes', primaryCta: { label: 'Loslegen' } },
              nav: { platform: [{ label: 'Netzwerk' }] },
              pricing: { plans: [undefined, { name: 'Wachstum', features: ['Alles aus Starter'] }] },
              legal: { privacyPolicy: { pdf: '/uploads/datenschutz.pdf' } },
            },
            ui: { backToBlog: 'Zum Blog' },
          },
          { code: 'ar' },
        ],
      },
      '/nowhere/site.config.ts',
    )
    const [english, german, arabic] = localeConfigs(config)
    expect(english!.config).toBe(config)
    expect(english!.locale).toMatchObject({ code: 'en', prefix: '' })
    expect(german!.locale).toMatchObject({ code: 'de', prefix: '/de', name: 'Deutsch' })
    const de = german!.config
    expect(de.site).toMatchObject({ language: 'de', direction: 'ltr', description: 'Kubernetes-Sicherheit', url: config.site.url })
    expect(de.hero.title).toBe('Sicherheit für Kubernetes')
    // What the copy does not give is the default's: texts, and never-translated links.
    expect(de.hero.tagline).toBe(config.hero.tagline)
    expect(de.hero.primaryCta).toEqual({ ...config.hero.primaryCta, label: 'Loslegen' })
    expect(de.nav.platform.map((link) => link.label)).toEqual(['Netzwerk', ...config.nav.platform.slice(1).map((link) => link.label)])
    expect(de.nav.platform[0]!.href).toBe(config.nav.platform[0]!.href)
    expect(de.pricing.plans[0]).toEqual(config.pricing.plans[0])
    expect(de.pricing.plans[1]).toEqual({ ...config.pricing.plans[1], name: 'Wachstum', features: ['Alles aus Starter', ...config.pricing.plans[1]!.features.slice(1)] })
    expect(de.legal.privacyPolicy).toEqual({ ...config.legal.privacyPolicy, pdf: '/uploads/datenschutz.pdf' })
    // Its own interface strings over German's catalog; the default's overrides are not its.
    expect(siteUiStrings(de).text('backToBlog')).toBe('Zum Blog')
    expect(siteUiStrings(de).text('previous')).toBe(siteUiStrings({ site: { ...config.site, language: 'de' }, ui: {} }).text('previous'))
    expect(arabic!.config.site).toMatchObject({ language: 'ar', direction: 'rtl' })
    expect(arabic!.config.hero).toEqual(config.hero)
  })

  it('refuses a key that is not copy, a misspelt one and an array longer than the default’s, each at its line', () => {
    const source = germanCopySource(["        hero: { titel: 'Sicherheit' },", "        links: { docs: 'https://example.de/' },", "        pricing: { includedInAll: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'] },"])
    const locales = [{ code: 'de', copy: { hero: { titel: 'Sicherheit' }, links: { docs: 'https://example.de/' }, pricing: { includedInAll: Array.from({ length: 12 }, (_, index) => String.fromCharCode(97 + index)) } } }]
    const found = problems(locales, source)
    expect(found).toContain('site.config.ts:7:17 locales[0].copy.hero.titel: unknown key (did you mean title?)')
    expect(found).toContain('site.config.ts:8:9 locales[0].copy.links: unknown key')
    const items = siteConfig.pricing.includedInAll.length
    expect(items).toBeLessThan(12)
    expect(found.some((problem) => problem.startsWith('site.config.ts:9:') && problem.endsWith(`locales[0].copy.pricing.includedInAll[${items}]: is one item more than the default's ${items}`))).toBe(true)
  })

  it("translates an author's role and bio by the author's key; the name, photo and links stay the default's", () => {
    const authors = { 'Maya Chen': { role: 'Founder', bio: 'Maya writes.', avatar: '/images/maya.jpg', links: [{ label: 'GitHub', href: 'https://github.com/maya' }] }, 'Ana Ruiz': { role: 'Engineer' } }
    const config = validateSiteConfig({ ...siteConfig, authors, locales: [{ code: 'de', copy: { authors: { 'Maya Chen': { role: 'Gründerin' } } } }] }, '/nowhere/site.config.ts')
    const [english, german] = localeConfigs(config)
    expect(english!.config.authors['Maya Chen']).toMatchObject({ role: 'Founder', bio: 'Maya writes.' })
    expect(german!.config.authors).toEqual({ 'Maya Chen': { ...english!.config.authors['Maya Chen'], role: 'Gründerin' }, 'Ana Ruiz': english!.config.authors['Ana Ruiz'] })
  })

  it("refuses an author the default has not, and a photo or links in a locale's copy, each at its line", () => {
    const source = germanCopySource(['        authors: {', "          'Maya Chan': { role: 'Gründerin' },", "          'Maya Chen': { avatar: '/images/maya-de.jpg' },", '        },'])
    const withAuthors = { ...siteConfig, authors: { 'Maya Chen': { role: 'Founder' }, 'Ana Ruiz': { role: 'Engineer' } } }
    const unknown = problems([{ code: 'de', copy: { authors: { 'Maya Chan': { role: 'Gründerin' } } } }], source, withAuthors)
    expect(unknown).toEqual([`site.config.ts:8:12 locales[0].copy.authors['Maya Chan']: is no key of the default's authors (its keys: 'Maya Chen', 'Ana Ruiz')`])
    const photo = problems([{ code: 'de', copy: { authors: { 'Maya Chen': { avatar: '/images/maya-de.jpg' } } } }], source, withAuthors)
    expect(photo).toEqual(["site.config.ts:9:26 locales[0].copy.authors['Maya Chen'].avatar: unknown key"])
  })

  it('refuses an empty text in copy as it does at the top level', () => {
    const source = "export default defineSiteConfig({\n  locales: [\n    { code: 'de', copy: { hero: { title: '  ' } } },\n  ],\n})\n"
    expect(problems([{ code: 'de', copy: { hero: { title: '  ' } } }], source)).toEqual(['site.config.ts:3:35 locales[0].copy.hero.title: must not be empty'])
  })
})
