import { describe, expect, it } from 'vitest'
import { validateSiteConfig } from '../content/config/loadSiteConfig.ts'
import { copyFindings } from './copyFindings.ts'
import { toReport } from './findings.ts'
import siteConfig from '../../site.config.ts'

const findingsOf = (locales: unknown) => copyFindings(validateSiteConfig({ ...siteConfig, locales }, '/site/site.config.ts'), '/site/site.config.ts', '/site')

describe('copyFindings', () => {
  it('finds nothing for a site of one locale', () => {
    expect(findingsOf([])).toEqual([])
  })

  it("lists, per locale, each copy string its copy leaves to the default's language, by its config path", () => {
    const all = findingsOf([{ code: 'de' }]).map((found) => found.message)
    const some = findingsOf([{ code: 'de', copy: { hero: { title: 'Sicherheit' }, pricing: { plans: [{ features: [undefined, 'Zwei'] }] } } }]).map((found) => found.message)
    expect(all).toContain('de: hero.title (falls back to English)')
    expect(all).toContain('de: pricing.plans[0].features[1] (falls back to English)')
    expect(all).toContain('de: pricing.plans[0].features[0] (falls back to English)')
    expect(all).toContain('de: site.description (falls back to English)')
    expect(some).toEqual(all.filter((message) => message !== 'de: hero.title (falls back to English)' && message !== 'de: pricing.plans[0].features[1] (falls back to English)'))
  })

  it('lists no optional text the default leaves out (an eyebrow): nothing shows in either language', () => {
    const withEyebrow = (eyebrow: string | undefined) =>
      copyFindings(validateSiteConfig({ ...siteConfig, networkSecurity: { ...siteConfig.networkSecurity, eyebrow }, locales: [{ code: 'de' }] }, '/site/site.config.ts'), '/site/site.config.ts', '/site').map((found) => found.message)
    expect(withEyebrow('Network')).toContain('de: networkSecurity.eyebrow (falls back to English)')
    expect(withEyebrow(undefined)).not.toContain('de: networkSecurity.eyebrow (falls back to English)')
  })

  it("lists no text of a legal document a locale gives no PDF of (its pages link to the default's), and the texts of one it gives", () => {
    const lent = findingsOf([{ code: 'de' }]).map((found) => found.message)
    expect(lent.filter((message) => message.includes('legal.'))).toEqual([])
    const own = findingsOf([{ code: 'de', copy: { legal: { privacyPolicy: { pdf: '/uploads/datenschutz.pdf' } } } }]).map((found) => found.message)
    expect(own.filter((message) => message.includes('legal.'))).toEqual(['de: legal.privacyPolicy.title (falls back to English)', 'de: legal.privacyPolicy.description (falls back to English)'])
  })

  it("lists an author's role and bio by the author's key, quoted as written in the config; never the name, photo or links", () => {
    const authors = { 'Maya Chen': { role: 'Founder', bio: 'Maya writes.', avatar: '/images/maya.jpg', links: [{ label: 'GitHub', href: 'https://github.com/maya' }] }, ops: { role: 'Operator' } }
    const findingsFor = (copy: unknown) =>
      copyFindings(validateSiteConfig({ ...siteConfig, authors, locales: [{ code: 'de', copy }] }, '/site/site.config.ts'), '/site/site.config.ts', '/site').filter((found) => found.message.startsWith('de: authors'))
    expect(findingsFor(undefined).map((found) => found.message)).toEqual(["de: authors['Maya Chen'].role (falls back to English)", "de: authors['Maya Chen'].bio (falls back to English)", 'de: authors.ops.role (falls back to English)'])
    expect(findingsFor(undefined)[1]!.hint).toBe("Translate it in site.config.ts: locales[0].copy.authors['Maya Chen'].bio.")
    const some = findingsFor({ authors: { 'Maya Chen': { bio: 'Maya schreibt.' }, ops: { role: 'Betrieb' } } })
    expect(some.map((found) => found.message)).toEqual(["de: authors['Maya Chen'].role (falls back to English)"])
  })

  it('lists a string the copy gives in every locale but the one that gives it, and never fails the check', () => {
    const findings = findingsOf([{ code: 'de', copy: { blog: { description: 'Der Blog' } } }, { code: 'fr' }])
    expect(findings.filter((found) => found.message.endsWith('blog.description (falls back to English)')).map((found) => found.message)).toEqual(['fr: blog.description (falls back to English)'])
    expect(toReport(findings, 0, false)).toMatchObject({ ok: true, errors: 0 })
  })
})
