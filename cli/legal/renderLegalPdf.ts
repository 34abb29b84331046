import { createHash } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import PDFDocument from 'pdfkit'
import { regionalTag } from '../../pages/_lib/locales/siteLocale.ts'

/** What a legal document is rendered with: its title, the brand's details and its date. */
export interface LegalPdfOptions {
  title: string
  brand: string
  email: string
  siteUrl: string
  /** The day the document was last changed, as YYYY-MM-DD. */
  updated: string
  /** The site's language (config site.language): the document's /Lang and how its date is written. */
  language: string
}

/** One legal document to build: a markdown file in sourceDir and the PDF it becomes in outDir. */
export interface LegalDocument extends Pick<LegalPdfOptions, 'title' | 'updated'> {
  /** File name in sourceDir, e.g. privacy-policy.md. */
  source: string
  /** Path in outDir, e.g. privacy-policy.pdf or uploads/privacy-policy.pdf. */
  output: string
}

/** Where the legal documents come from and go to, and the brand they are rendered for. */
export interface BuildLegalPdfsOptions extends Omit<LegalPdfOptions, 'title' | 'updated'> {
  sourceDir: string
  outDir: string
  documents: LegalDocument[]
}

interface Run { text: string; bold: boolean }
interface HeadingBlock { kind: 'heading'; level: 2 | 3; text: string }
type Block = { kind: 'title'; text: string } | { kind: 'updated' } | HeadingBlock | { kind: 'paragraph'; runs: Run[] } | { kind: 'bullets'; items: Run[][] }

type Doc = PDFKit.PDFDocument

const MARGINS = { top: 64, bottom: 72, left: 62, right: 62 }
const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' }
const COLOR = { text: '#1f2328', heading: '#0b1526', muted: '#5f6b7a', rule: '#c9d1db' }
const SIZE = { title: 22, body: 9.5, updated: 9.5, footer: 8 }
const LINE_GAP = 2.6
// Helvetica's line height in pdfkit is 1.156 em (ascender, descender and the AFM line gap).
const BODY_LINE_HEIGHT = SIZE.body * 1.156 + LINE_GAP
const GAP = { afterTitle: 6, beforeRule: 10, afterRule: 18, block: 7, item: 3 }
const HEADING = { 2: { size: 13, before: 14, after: 5 }, 3: { size: 10.5, before: 6, after: 3 } }
const BULLET = { indent: 16, radius: 1.6, centerX: 5 }
const FOOTER_OFFSET = 42
const BOOKMARK_PADDING = 12

/** Renders a legal markdown document (placeholders {{brand}}, {{email}}, {{siteUrl}}) to a deterministic A4 PDF. */
export async function renderLegalPdf(source: string, options: LegalPdfOptions): Promise<Buffer> {
  const updated = parseUpdated(options.updated, options.language)
  const text = substitutePlaceholders(source, options)
  const blocks = withTitle(parseMarkdown(text), options.title)
  const doc = createDocument(options, updated.date)
  setDocumentId(doc, documentId(text, options))
  const bytes = collect(doc)
  blocks.forEach((block, index) => drawBlock(doc, block, blocks[index + 1], updated.label))
  drawFooters(doc, `${options.brand} \u00b7 ${options.title}`)
  doc.end()
  return bytes
}

/** Renders every document in sourceDir to outDir, writing only the PDFs whose bytes changed; returns the written paths. */
export async function buildLegalPdfs(options: BuildLegalPdfsOptions): Promise<string[]> {
  const { sourceDir, outDir, brand, email, siteUrl, language, documents } = options
  // Every source is read before anything is written, so a missing one leaves outDir untouched.
  const sources = await Promise.all(documents.map((document) => readSource(sourceDir, document.source)))
  const written: string[] = []
  for (const [index, { title, updated, output }] of documents.entries()) {
    const pdf = await renderLegalPdf(sources[index] ?? '', { title, brand, email, siteUrl, updated, language })
    const path = join(outDir, output)
    await mkdir(dirname(path), { recursive: true })
    if (await writeIfChanged(path, pdf)) written.push(path)
  }
  return written
}

async function readSource(sourceDir: string, file: string): Promise<string> {
  const path = join(sourceDir, file)
  try {
    return await readFile(path, 'utf8')
  } catch (error) {
    if (!isMissingFile(error)) throw error
    throw new Error(`Legal document source ${file} not found (looked for ${path})`, { cause: error })
  }
}

async function writeIfChanged(path: string, bytes: Buffer): Promise<boolean> {
  const current = await readFile(path).catch((error: unknown) => (isMissingFile(error) ? undefined : Promise.reject(error)))
  if (current?.equals(bytes)) return false
  await writeFile(path, bytes)
  return true
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT'
}

function substitutePlaceholders(source: string, options: LegalPdfOptions): string {
  const values: Record<string, string> = { brand: options.brand, email: options.email, siteUrl: options.siteUrl }
  return source.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`Unknown placeholder {{${name}}} in legal document "${options.title}"`)
    return value
  })
}

function parseUpdated(updated: string, language: string): { date: Date; label: string } {
  const [year = 0, month = 0, day = 0] = /^(\d{4})-(\d{2})-(\d{2})$/.exec(updated)?.slice(1).map(Number) ?? []
  // Built in UTC and formatted in UTC, so the calendar day never shifts with the machine's time zone.
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() + 1 !== month || date.getUTCDate() !== day) {
    throw new Error(`Invalid "updated" date ${JSON.stringify(updated)}: expected a real day as YYYY-MM-DD`)
  }
  return { date, label: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date) }
}

function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = []
  let paragraph: string[] = []
  let items: string[][] = []
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', runs: parseInline(paragraph.join(' ')) })
    if (items.length > 0) blocks.push({ kind: 'bullets', items: items.map((item) => parseInline(item.join(' '))) })
    paragraph = []
    items = []
  }
  for (const rawLine of source.split(/\r?\n/)) {
    const line = rawLine.trim()
    const heading = /^(#{1,3})\s+(.+)$/.exec(line)
    const bullet = /^-\s+(.+)$/.exec(line)
    if (line === '') {
      flush()
    } else if (heading) {
      flush()
      blocks.push(headingBlock(heading[1]?.length ?? 1, heading[2] ?? ''))
    } else if (bullet) {
      if (paragraph.length > 0) flush()
      items.push([bullet[1] ?? ''])
    } else if (items.length > 0) {
      // A line under a bullet continues that item, as in CommonMark's lazy continuation.
      items[items.length - 1]?.push(line)
    } else {
      paragraph.push(line)
    }
  }
  flush()
  return blocks
}

function headingBlock(level: number, text: string): Block {
  // Headings are set in bold already, so ** markers in them are dropped rather than printed.
  const plain = text.replaceAll('**', '').trim()
  return level === 1 ? { kind: 'title', text: plain } : { kind: 'heading', level: level === 2 ? 2 : 3, text: plain }
}

function parseInline(text: string): Run[] {
  const parts = text.split('**')
  // An unmatched ** is kept as literal text rather than bolding the rest of the block.
  if (parts.length % 2 === 0) parts.splice(-2, 2, `${parts.at(-2) ?? ''}**${parts.at(-1) ?? ''}`)
  return parts.map((part, index) => ({ text: part, bold: index % 2 === 1 })).filter((run) => run.text !== '')
}

function withTitle(blocks: Block[], title: string): Block[] {
  const [first, ...rest] = blocks
  if (first?.kind === 'title') return [first, { kind: 'updated' }, ...rest]
  return [{ kind: 'title', text: title }, { kind: 'updated' }, ...blocks]
}

function createDocument(options: LegalPdfOptions, date: Date): Doc {
  return new PDFDocument({
    size: 'A4',
    margins: MARGINS,
    bufferPages: true,
    pdfVersion: '1.7',
    // With its likely region, as PDF readers have long been given it: en → en-US.
    lang: regionalTag(options.language),
    displayTitle: true,
    font: FONT.regular,
    info: { Title: options.title, Author: options.brand, Subject: `${options.brand} ${options.title}`, Creator: 'kube-site', Producer: 'kube-site', CreationDate: date, ModDate: date },
  })
}

function documentId(text: string, options: LegalPdfOptions): Buffer {
  const input = JSON.stringify([text, options.title, options.brand, options.email, options.siteUrl, options.updated])
  return createHash('sha256').update(input).digest().subarray(0, 16)
}

// pdfkit hashes only the info dictionary into the trailer /ID, so two documents with the same title and date would share an ID; the PDF spec wants it to identify the content.
function setDocumentId(doc: Doc, id: Buffer): void {
  ;(doc as unknown as { _id: Uint8Array })._id = id
}

function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
}

function drawBlock(doc: Doc, block: Block, next: Block | undefined, updatedLabel: string): void {
  switch (block.kind) {
    case 'title':
      return drawTitle(doc, block.text)
    case 'updated':
      return drawUpdated(doc, updatedLabel)
    case 'heading':
      return drawHeading(doc, block, next)
    case 'paragraph':
      return drawParagraph(doc, block.runs)
    case 'bullets':
      return drawBullets(doc, block.items)
  }
}

function drawTitle(doc: Doc, text: string): void {
  doc.font(FONT.bold).fontSize(SIZE.title).fillColor(COLOR.heading)
  doc.text(text, doc.page.margins.left, doc.y, { width: contentWidth(doc) })
  doc.y += GAP.afterTitle
}

function drawUpdated(doc: Doc, label: string): void {
  doc.font(FONT.regular).fontSize(SIZE.updated).fillColor(COLOR.muted)
  doc.text(`Last updated: ${label}`, doc.page.margins.left, doc.y, { width: contentWidth(doc) })
  doc.y += GAP.beforeRule
  drawRule(doc, doc.y)
  doc.y += GAP.afterRule
}

function drawHeading(doc: Doc, block: HeadingBlock, next: Block | undefined): void {
  const style = HEADING[block.level]
  // Keep a heading with the first lines of what follows it, and with a subheading that follows it.
  const subheading = next?.kind === 'heading' ? headingHeight(doc, next) : 0
  ensureSpace(doc, headingHeight(doc, block) + subheading + 3 * BODY_LINE_HEIGHT)
  if (!atPageTop(doc)) doc.y += style.before
  const top = doc.y
  doc.font(FONT.bold).fontSize(style.size).fillColor(COLOR.heading)
  doc.text(block.text, doc.page.margins.left, top, { width: contentWidth(doc) })
  doc.y += style.after
  if (block.level === 2) addBookmark(doc, block.text, top)
}

function headingHeight(doc: Doc, block: HeadingBlock): number {
  const style = HEADING[block.level]
  doc.font(FONT.bold).fontSize(style.size)
  return style.before + doc.heightOfString(block.text, { width: contentWidth(doc) }) + style.after
}

function drawParagraph(doc: Doc, runs: Run[]): void {
  ensureSpace(doc, 2 * BODY_LINE_HEIGHT)
  drawRuns(doc, runs, doc.page.margins.left, contentWidth(doc))
  doc.y += GAP.block
}

function drawBullets(doc: Doc, items: Run[][]): void {
  const left = doc.page.margins.left
  for (const runs of items) {
    ensureSpace(doc, 2 * BODY_LINE_HEIGHT)
    drawBulletDot(doc, left, doc.y)
    drawRuns(doc, runs, left + BULLET.indent, contentWidth(doc) - BULLET.indent)
    doc.y += GAP.item
  }
  doc.y += GAP.block - GAP.item
}

function drawBulletDot(doc: Doc, left: number, top: number): void {
  // Centred on the x-height of Helvetica's first line: ascender 0.718 em, x-height 0.523 em.
  const centerY = top + SIZE.body * (0.718 - 0.523 / 2)
  doc.circle(left + BULLET.centerX, centerY, BULLET.radius).fill(COLOR.text)
}

function drawRuns(doc: Doc, runs: Run[], x: number, width: number): void {
  doc.fontSize(SIZE.body).fillColor(COLOR.text)
  runs.forEach((run, index) => {
    doc.font(run.bold ? FONT.bold : FONT.regular)
    const options = { width, lineGap: LINE_GAP, continued: index < runs.length - 1 }
    if (index === 0) doc.text(run.text, x, doc.y, options)
    else doc.text(run.text, options)
  })
}

function drawRule(doc: Doc, y: number): void {
  const { left } = doc.page.margins
  doc.moveTo(left, y).lineTo(left + contentWidth(doc), y).lineWidth(0.75).strokeColor(COLOR.rule).stroke()
}

function drawFooters(doc: Doc, label: string): void {
  const { start, count } = doc.bufferedPageRange()
  for (let index = 0; index < count; index++) {
    doc.switchToPage(start + index)
    drawFooter(doc, label, `Page ${index + 1} of ${count}`)
  }
}

function drawFooter(doc: Doc, label: string, pageLabel: string): void {
  const { left } = doc.page.margins
  const width = contentWidth(doc)
  const y = doc.page.height - FOOTER_OFFSET
  const bottom = doc.page.margins.bottom
  // Text below the bottom margin would make pdfkit start a new page.
  doc.page.margins.bottom = 0
  drawRule(doc, y - 8)
  doc.font(FONT.regular).fontSize(SIZE.footer).fillColor(COLOR.muted)
  doc.text(label, left, y, { width, lineBreak: false })
  doc.text(pageLabel, left, y, { width, align: 'right', lineBreak: false })
  doc.page.margins.bottom = bottom
}

interface PositionedOutline {
  addItem(title: string, options: { top: number; left: number }): unknown
}

function addBookmark(doc: Doc, title: string, headingTop: number): void {
  const top = Math.max(0, headingTop - BOOKMARK_PADDING)
  // pdfkit stores the destination's left as page width minus options.left, so the page width means x = 0.
  ;(doc.outline as unknown as PositionedOutline).addItem(title, { top, left: doc.page.width })
}

function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage()
}

function atPageTop(doc: Doc): boolean {
  return doc.y <= doc.page.margins.top
}

function contentWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right
}
