import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { Pagination } from './Pagination.tsx'

// The interface strings (siteText.ts) come from the config module: English here.
vi.mock('virtual:kube-site/config', async () => (await import('../../../cli/generator/bundle/configExports.ts')).configExports({ site: { language: 'en' } } as never))

// What a reader meets in each entry, in order: the accessible name of Previous/Next, the number
// of a page ('[4]' when it is aria-current), '…' for a gap; '(disabled)' after a dimmed link.
function entries(current: number, total: number): string[] {
  const html = renderToStaticMarkup(<Pagination current={current} total={total} />)
  return [...html.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map(([item]) => {
    const text = item!.replace(/<[^>]+>/g, '').trim()
    if (item!.includes('aria-current="page"')) return `[${text}]`
    return item!.includes('aria-disabled="true"') ? `${text} (disabled)` : text
  })
}

const hrefs = (current: number, total: number) => [...renderToStaticMarkup(<Pagination current={current} total={total} />).matchAll(/href="([^"]+)"/g)].map((match) => match[1])

describe('Pagination', () => {
  it('is not rendered for a single page', () => {
    expect(renderToStaticMarkup(<Pagination current={1} total={1} />)).toBe('')
  })

  it('is a labelled nav of Previous, the page numbers and Next', () => {
    expect(renderToStaticMarkup(<Pagination current={2} total={3} />)).toMatch(/^<nav aria-label="Blog pages"/)
    expect(entries(2, 3)).toEqual(['Previous', '1', '[2]', '3', 'Next'])
  })

  it('disables Previous on the first page and Next on the last', () => {
    expect(entries(1, 7)).toEqual(['Previous (disabled)', '[1]', '2', '…', '7', 'Next'])
    expect(entries(4, 7)).toEqual(['Previous', '1', '…', '3', '[4]', '5', '…', '7', 'Next'])
    expect(entries(7, 7)).toEqual(['Previous', '1', '…', '6', '[7]', 'Next (disabled)'])
  })

  it('links every entry to its prerendered page: /blog/ for page 1, /blog/page/N/ after', () => {
    expect(hrefs(4, 7)).toEqual(['/blog/page/3/', '/blog/', '/blog/page/3/', '/blog/page/4/', '/blog/page/5/', '/blog/page/7/', '/blog/page/5/'])
    expect(hrefs(1, 2)).toEqual(['/blog/', '/blog/page/2/', '/blog/page/2/'])
  })
})
