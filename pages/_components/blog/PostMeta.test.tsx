import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { siteLocales } from 'virtual:kube-site/config'
import { LocaleContext } from '../../_lib/locales/pageLocale.ts'
import type { SiteLocale } from '../../_lib/locales/locales.ts'
import { PostMeta } from './PostMeta.tsx'

// The avatar looks the author up in the site config, which a build provides as a virtual module;
// the dates are in the page's locale's language: English, or German under /de/.
const config = vi.hoisted(() => ({ authors: {}, site: { language: 'en' }, legal: {}, locales: [{ code: 'de' }] }))
vi.mock('virtual:kube-site/config', async () => (await import('../../../cli/generator/bundle/configExports.ts')).configExports(config as never))

const byline = { author: 'Maya Chen', date: '2026-03-10', readTime: '6 min read' }

// The byline as a person reads it (the separators are hidden from screen readers, not from eyes),
// and its machine-readable days.
function read(post: Parameters<typeof PostMeta>[0]['post'], locale: SiteLocale = siteLocales[0]!) {
  const html = renderToStaticMarkup(
    <LocaleContext value={locale}>
      <PostMeta post={post} />
    </LocaleContext>,
  )
  const details = /<span class="[^"]*details[^"]*">([\s\S]*)<\/span><\/span><\/p>$/.exec(html)?.[1] ?? `no details in ${html}`
  return {
    text: details.replace(/<[^>]+>/g, ''),
    times: [...html.matchAll(/<time dateTime="([^"]+)">([^<]+)<\/time>/g)].map(([, day, shown]) => `${day} ${shown}`),
  }
}

describe('PostMeta', () => {
  it('shows the day of an update after the date, each a <time> with its calendar day', () => {
    expect(read({ ...byline, updated: '2026-03-13' })).toEqual({
      text: 'March 10, 2026 · Updated March 13, 2026 · 6 min read',
      times: ['2026-03-10 March 10, 2026', '2026-03-13 March 13, 2026'],
    })
  })

  it('shows the date and reading time alone for a post never updated', () => {
    expect(read(byline)).toEqual({ text: 'March 10, 2026 · 6 min read', times: ['2026-03-10 March 10, 2026'] })
  })

  it("writes the days in the page's locale's language", () => {
    const german = siteLocales.find((locale) => locale.code === 'de')!
    expect(read({ ...byline, updated: '2026-03-13' }, german).times).toEqual(['2026-03-10 10. März 2026', '2026-03-13 13. März 2026'])
    expect(read(byline).times).toEqual(['2026-03-10 March 10, 2026'])
  })
})
