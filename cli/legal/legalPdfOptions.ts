import { join, relative, resolve, sep } from 'node:path'
import type { SiteConfig } from '../content/types.ts'
import type { BuildLegalPdfsOptions } from './renderLegalPdf.ts'

type LegalKey = keyof SiteConfig['legal']

/** The markdown source, in cli/legal/, of each legal document of the config. */
export const LEGAL_SOURCES: Record<LegalKey, string> = { privacyPolicy: 'privacy-policy.md', termsOfService: 'terms-of-service.md' }

export interface LegalPdfPlace {
  /** The folder holding cli/legal/ and public/ (the tool root). */
  root: string
  /** YYYY-MM-DD written into a document whose config gives no `updated` date. */
  today: string
}

/** What the legal PDFs are rendered from for a site config: sources in cli/legal/, PDFs at their config path in public/. */
export function legalPdfOptions(config: SiteConfig, { root, today }: LegalPdfPlace): BuildLegalPdfsOptions {
  const publicDir = join(root, 'public')
  const keys = Object.keys(LEGAL_SOURCES) as LegalKey[]
  return {
    sourceDir: join(root, 'cli', 'legal'),
    outDir: publicDir,
    brand: config.brand.name,
    email: config.contact.email,
    siteUrl: config.site.url,
    language: config.site.language,
    documents: keys.map((key) => {
      const { title, pdf, updated } = config.legal[key]
      return { source: LEGAL_SOURCES[key], output: publicPath(publicDir, pdf, key), title, updated: updated ?? today }
    }),
  }
}

// The schema only asks for '/….pdf'; a path that climbs out of public/ would write elsewhere.
function publicPath(publicDir: string, pdf: string, key: LegalKey): string {
  const output = relative(publicDir, resolve(publicDir, `.${pdf}`))
  if (output.startsWith(`..${sep}`) || output === '..') throw new Error(`legal.${key}.pdf "${pdf}" points outside public/: use a path such as /uploads/${LEGAL_SOURCES[key].replace(/\.md$/, '.pdf')}`)
  return output
}
