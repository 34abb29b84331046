import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { today } from '../content/frontmatter/dates.ts'
import { loadSiteConfig } from '../content/config/loadSiteConfig.ts'
import type { SiteConfig } from '../content/types.ts'
import { toolRoot } from '../toolRoot.ts'
import { legalPdfOptions } from './legalPdfOptions.ts'
import { renderLegalPdf } from './renderLegalPdf.ts'

const { config } = await loadSiteConfig(join(toolRoot, 'site.config.ts'), toolRoot)

function withLegal(legal: Partial<SiteConfig['legal']>): SiteConfig {
  return { ...config, legal: { ...config.legal, ...legal } }
}

describe('legalPdfOptions', () => {
  it('renders each document for the brand, the contact email and the site URL, to its path in public/', () => {
    const options = legalPdfOptions(config, { root: '/site', today: '2030-01-02' })
    expect(options).toMatchObject({
      sourceDir: '/site/cli/legal',
      outDir: '/site/public',
      brand: config.brand.name,
      email: config.contact.email,
      siteUrl: config.site.url,
    })
    expect(options.documents).toEqual([
      { source: 'privacy-policy.md', output: 'uploads/privacy-policy.pdf', title: 'Privacy Policy', updated: config.legal.privacyPolicy.updated },
      { source: 'terms-of-service.md', output: 'uploads/terms-of-service.pdf', title: 'Terms of Service', updated: config.legal.termsOfService.updated },
    ])
  })

  it("dates a document without an 'updated' day with today", () => {
    const privacyPolicy = { ...config.legal.privacyPolicy, updated: undefined }
    const options = legalPdfOptions(withLegal({ privacyPolicy }), { root: '/site', today: '2030-01-02' })
    expect(options.documents[0]?.updated).toBe('2030-01-02')
  })

  it('keeps a PDF path of the config, in any folder of public/', () => {
    const termsOfService = { ...config.legal.termsOfService, pdf: '/legal/terms.pdf' }
    const options = legalPdfOptions(withLegal({ termsOfService }), { root: '/site', today: '2030-01-02' })
    expect(options.documents[1]?.output).toBe('legal/terms.pdf')
  })

  it('refuses a PDF path that leaves public/', () => {
    const termsOfService = { ...config.legal.termsOfService, pdf: '/../../etc/terms.pdf' }
    expect(() => legalPdfOptions(withLegal({ termsOfService }), { root: '/site', today: '2030-01-02' })).toThrow(
      'legal.termsOfService.pdf "/../../etc/terms.pdf" points outside public/',
    )
  })
})

// A wording edit in cli/legal/*.md or a brand, email or date change in site.config.ts must come
// with regenerated PDFs, or the site serves documents that say something else.
describe('the committed legal PDFs', () => {
  const options = legalPdfOptions(config, { root: toolRoot, today: today() })
  const cases = options.documents.map((document) => [document.output, document.source, document] as const)
  it.each(cases)('public/%s is what `npm run legal` renders from cli/legal/%s', async (_output, _source, document) => {
    const source = await readFile(join(options.sourceDir, document.source), 'utf8')
    const rendered = await renderLegalPdf(source, { ...options, title: document.title, updated: document.updated })
    const committed = await readFile(join(options.outDir, document.output))
    expect(committed.equals(rendered), `public/${document.output} is out of date: run \`npm run legal\` and commit it`).toBe(true)
  })
})
