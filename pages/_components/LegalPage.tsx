import type { SiteConfig } from '../../cli/content/types.ts'
import { formatDate } from '../_lib/formatDate.ts'
import { withBase } from '../_lib/href.ts'

type LegalDocument = SiteConfig['legal']['privacyPolicy']

/** A legal page: back link, heading, 'Last updated' and the document. */
export function LegalPage({ document, updated }: { document: LegalDocument; updated: string }) {
  return (
    <section className="legal">
      <a href={withBase('/')}>Back to Home</a>
      <h1>{document.title}</h1>
      <p>
        Last updated: <time dateTime={updated}>{formatDate(updated)}</time>
      </p>
      <p>
        <a href={withBase(document.pdf)} download>
          Download
        </a>
      </p>
    </section>
  )
}
