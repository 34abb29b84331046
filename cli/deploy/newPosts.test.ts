import { describe, expect, it } from 'vitest'
import { articleOf } from './newPosts.ts'

const page = (head: string) => `<!doctype html><html><head><title>Page | KubeGuard</title>${head}</head><body><h1>Page</h1></body></html>`
const jsonLd = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`

describe('articleOf: a post page is known by its JSON-LD', () => {
  it('reads the headline and the date of a BlogPosting', () => {
    const html = page(jsonLd({ '@context': 'https://schema.org', '@type': 'BlogPosting', headline: 'Pods & <policies>', datePublished: '2026-12-01' }))
    expect(articleOf(html)).toEqual({ title: 'Pods & <policies>', date: '2026-12-01' })
  })

  it.each([
    ['no JSON-LD', page('<meta property="og:type" content="website">')],
    ['another type', page(jsonLd({ '@type': 'WebSite', name: 'KubeGuard' }))],
    ['broken JSON', page('<script type="application/ld+json">{"@type": "BlogPosting",</script>')],
    ['a script that is not JSON-LD', page('<script>const x = {"@type":"BlogPosting","headline":"x"}</script>')],
  ])('is undefined for a page with %s', (_name, html) => {
    expect(articleOf(html)).toBeUndefined()
  })
})
