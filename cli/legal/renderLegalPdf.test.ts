import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inflateSync } from 'node:zlib'
import { describe, it, expect } from 'vitest'
import { buildLegalPdfs, renderLegalPdf } from './renderLegalPdf.ts'
import type { LegalPdfOptions } from './renderLegalPdf.ts'

const options: LegalPdfOptions = {
  title: 'Privacy Policy',
  brand: 'Acme Guard',
  email: 'legal@acme.test',
  siteUrl: 'https://acme.test',
  updated: '2025-03-03',
  language: 'en',
}

const shortSource = `# Privacy Policy

{{brand}} runs the service at {{siteUrl}}.

## 1. Contact

- **Email:** {{email}}
- **Website:** {{siteUrl}}

### 1.1 Details

Plain text with a **bold run** inside.
`

const longParagraph = 'The operator reads cluster metadata and never reads secret values. '.repeat(40)
const longSource = Array.from({ length: 12 }, (_, index) => `## Section ${index + 1}\n\n${longParagraph}\n`).join('\n')

/** The document's text: the hex strings of every TJ operator in its inflated content streams, one line per TJ. */
function pdfText(pdf: Buffer): string {
  const lines: string[] = []
  for (const [, data = ''] of pdf.toString('latin1').matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    const content = inflate(Buffer.from(data, 'latin1'))
    for (const [, array = ''] of content.matchAll(/\[(.*?)\] TJ/g)) {
      const hexes = [...array.matchAll(/<([0-9a-f]*)>/g)].map(([, hex = '']) => hex)
      lines.push(Buffer.from(hexes.join(''), 'hex').toString('latin1'))
    }
  }
  return lines.join('\n')
}

function inflate(data: Buffer): string {
  try {
    return inflateSync(data).toString('latin1')
  } catch {
    return data.toString('latin1')
  }
}

function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0
}

function documentIds(pdf: Buffer): string {
  return /\/ID \[(<[0-9a-f]+> <[0-9a-f]+>)\]/.exec(pdf.toString('latin1'))?.[1] ?? ''
}

describe('renderLegalPdf', () => {
  it('renders a PDF', async () => {
    const pdf = await renderLegalPdf(shortSource, options)
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(pageCount(pdf)).toBe(1)
  })

  it('breaks a long document into several pages, each numbered in its footer', async () => {
    const pdf = await renderLegalPdf(longSource, options)
    const pages = pageCount(pdf)
    expect(pages).toBeGreaterThan(1)
    const text = pdfText(pdf)
    for (let page = 1; page <= pages; page++) expect(text).toContain(`Page ${page} of ${pages}`)
  })

  it('gives byte-identical output for the same input', async () => {
    const first = await renderLegalPdf(longSource, options)
    const second = await renderLegalPdf(longSource, options)
    expect(first.equals(second)).toBe(true)
  })

  it('derives the document ID from the content', async () => {
    const first = await renderLegalPdf(shortSource, options)
    const changed = await renderLegalPdf(`${shortSource}\nOne more paragraph.\n`, options)
    expect(documentIds(first)).toMatch(/^<[0-9a-f]{32}> <[0-9a-f]{32}>$/)
    expect(documentIds(changed)).not.toBe(documentIds(first))
  })

  it('substitutes the brand, email and site URL placeholders', async () => {
    const text = pdfText(await renderLegalPdf(shortSource, options))
    expect(text).toContain('Acme Guard runs the service at https://acme.test.')
    expect(text).toContain('legal@acme.test')
    expect(text).toContain('bold run')
    expect(text).not.toContain('{{')
    expect(text).not.toContain('**')
  })

  it('rejects an unknown placeholder', async () => {
    await expect(renderLegalPdf('Contact {{phone}}.', options)).rejects.toThrow('{{phone}}')
  })

  it('writes the updated date in en-US format, whatever the time zone', async () => {
    const timeZone = process.env.TZ
    process.env.TZ = 'America/Los_Angeles'
    try {
      const text = pdfText(await renderLegalPdf(shortSource, options))
      expect(text).toContain('Last updated: March 3, 2025')
    } finally {
      if (timeZone === undefined) delete process.env.TZ
      else process.env.TZ = timeZone
    }
  })

  it('rejects a date that is not a real YYYY-MM-DD day', async () => {
    await expect(renderLegalPdf(shortSource, { ...options, updated: '2025-02-30' })).rejects.toThrow('2025-02-30')
    await expect(renderLegalPdf(shortSource, { ...options, updated: '3/3/2025' })).rejects.toThrow('3/3/2025')
  })

  it('uses the title option when the source has no # title', async () => {
    const text = pdfText(await renderLegalPdf('Just a paragraph.', { ...options, title: 'Terms of Service' }))
    expect(text.split('\n')[0]).toBe('Terms of Service')
  })

  it('sets the metadata, the language and one bookmark per ## heading', async () => {
    const raw = (await renderLegalPdf(longSource, options)).toString('latin1')
    expect(raw).toContain('/Lang (en-US)')
    expect(raw).toContain('(Privacy Policy)')
    expect(raw).toContain('(Acme Guard)')
    expect(raw).toContain('(D:20250303000000Z)')
    expect(raw).toContain('/Outlines')
    expect(raw.match(/\/Title \(Section \d+\)/g)).toHaveLength(12)
  })

  it("is in the site's language: its /Lang with the likely region, its date as the language writes it", async () => {
    const pdf = await renderLegalPdf(shortSource, { ...options, language: 'de' })
    expect(pdf.toString('latin1')).toContain('/Lang (de-DE)')
    expect(pdfText(pdf)).toContain('3. März 2025')
    expect((await renderLegalPdf(shortSource, { ...options, language: 'de-CH' })).toString('latin1')).toContain('/Lang (de-CH)')
  })
})

describe('buildLegalPdfs', () => {
  async function withTempDir(run: (dir: string) => Promise<void>): Promise<void> {
    const dir = await mkdtemp(join(tmpdir(), 'legal-pdf-'))
    try {
      await run(dir)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }

  const documents = [{ source: 'privacy.md', output: 'privacy.pdf', title: 'Privacy Policy', updated: '2025-03-03' }]

  it('writes each PDF only when its bytes changed', async () => {
    await withTempDir(async (dir) => {
      await writeFile(join(dir, 'privacy.md'), shortSource)
      const build = () => buildLegalPdfs({ ...options, sourceDir: dir, outDir: join(dir, 'out'), documents })
      const outPath = join(dir, 'out', 'privacy.pdf')
      expect(await build()).toEqual([outPath])
      expect((await readFile(outPath)).subarray(0, 5).toString('latin1')).toBe('%PDF-')
      expect(await build()).toEqual([])
      await writeFile(join(dir, 'privacy.md'), `${shortSource}\nA new clause.\n`)
      expect(await build()).toEqual([outPath])
    })
  })

  it('names the missing source file', async () => {
    await withTempDir(async (dir) => {
      const missing = [...documents, { source: 'terms.md', output: 'terms.pdf', title: 'Terms', updated: '2025-03-03' }]
      await writeFile(join(dir, 'privacy.md'), shortSource)
      const build = buildLegalPdfs({ ...options, sourceDir: dir, outDir: join(dir, 'out'), documents: missing })
      await expect(build).rejects.toThrow('terms.md')
    })
  })
})
