import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PlatformEntry } from '../marketing/PlatformEntry.tsx'
import { ALONG_THE_LINE, Icon } from './Icon.tsx'

const classes = (html: string) => /<svg class="([^"]*)"/.exec(html)![1]!.split(' ')

describe('Icon', () => {
  it.each(['arrowLeft', 'arrowRight', 'chevronLeft', 'chevronRight'])('%s points along the line: it takes the class that mirrors it right to left', (name) => {
    expect(classes(renderToStaticMarkup(<Icon name={name} />))).toContain(ALONG_THE_LINE)
  })

  it.each(['chevronDown', 'shield', 'external', 'check'])('%s does not: it is the same in either direction', (name) => {
    expect(classes(renderToStaticMarkup(<Icon name={name} className="x" />))).toEqual(['icon', 'x'])
  })

  it("mirrors the Platform menu's fallback arrow (an entry that is no section of the home page), not a section's icon", () => {
    const entry = (href: string) => classes(renderToStaticMarkup(<PlatformEntry item={{ label: 'Docs', href }} />))
    expect(entry('/docs/')).toContain(ALONG_THE_LINE)
    expect(entry('#network-security')).not.toContain(ALONG_THE_LINE)
  })
})
