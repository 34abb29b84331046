import { describe, expect, it } from 'vitest'
import { createMarkdownRenderer } from '../markdown/renderMarkdown.ts'
import { bodyLabelsKey, siteBodyLabels, siteReadTime } from './siteStrings.ts'
import { withoutTableOfContents } from '../markdown/tableOfContents.ts'

const site = (language: string, ui = {}) => ({ site: { language } as never, ui })
const body = '> [!NOTE]\n> Read-only.\n\n## One\n\n## Two\n\n## Three\n'

describe('the words a body writes itself', () => {
  it('are none for English, so an English site renders and caches its posts as before', () => {
    expect(siteBodyLabels(site('en-US'))).toBeUndefined()
    expect(bodyLabelsKey(undefined)).toBeUndefined()
    expect(createMarkdownRenderer({ labels: siteBodyLabels(site('en')) })(body)).toBe(createMarkdownRenderer()(body))
  })

  it("name the callouts and the table of contents in the site's language, the config's ui first", () => {
    const labels = siteBodyLabels(site('de', { calloutTip: 'Gut zu wissen' }))!
    expect(labels).toEqual({ callouts: { note: 'Hinweis', tip: 'Gut zu wissen', important: 'Wichtig', warning: 'Warnung', caution: 'Vorsicht' }, toc: 'Auf dieser Seite' })
    expect(bodyLabelsKey(labels)).not.toBe(bodyLabelsKey(siteBodyLabels(site('fr'))))
    const html = createMarkdownRenderer({ labels })(body)
    expect(html).toMatch(/^<nav class="toc" aria-label="Auf dieser Seite"><details><summary>Auf dieser Seite<\/summary>/)
    expect(html).toContain('<aside class="callout callout-note" role="note" aria-label="Hinweis">')
    expect(html).toMatch(/<\/svg>Hinweis<\/p>/)
    expect(withoutTableOfContents(html)).toMatch(/^<aside class="callout callout-note"/)
  })

  it('are escaped where the config gives them', () => {
    const labels = siteBodyLabels(site('de', { tableOfContents: 'Inhalt <"kurz">', calloutNote: 'A & B' }))!
    const html = createMarkdownRenderer({ labels })(body)
    expect(html).toContain('aria-label="Inhalt &lt;&quot;kurz&quot;&gt;"><details><summary>Inhalt &lt;&quot;kurz&quot;&gt;</summary>')
    expect(html).toContain('aria-label="A &amp; B"')
    expect(withoutTableOfContents(html)).toMatch(/^<aside /)
  })

  it("say a computed reading time in the site's language", () => {
    expect(siteReadTime(site('en'))(6)).toBe('6 min read')
    expect(siteReadTime(site('es-MX'))(6)).toBe('6 min de lectura')
  })
})
