import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { PostJsonLd } from './PostJsonLd.tsx'

// The site config, which a build provides as a virtual module.
vi.mock('virtual:kube-site/config', async () =>
  (await import('../../../cli/generator/bundle/configExports.ts')).configExports({ brand: { name: 'KubeGuard' }, site: { url: 'https://kubeguard.dev', language: 'en' } } as never),
)

const post = { title: 'Pods </script> & policies', excerpt: 'E.', author: 'Maya Chen', date: '2026-03-10', tags: ['rbac', 'audit'] }
const url = 'https://kubeguard.dev/blog/pods/'

/** The JSON-LD a search engine reads from the page. */
function jsonLd(props: Parameters<typeof PostJsonLd>[0]): unknown {
  const html = renderToStaticMarkup(<PostJsonLd {...props} />)
  const script = /^<script type="application\/ld\+json">(.*)<\/script>$/.exec(html)
  if (!script) throw new Error(`not one JSON-LD script: ${html}`)
  return JSON.parse(script[1]!)
}

describe('PostJsonLd', () => {
  it("is a BlogPosting whose dateModified is the post's update", () => {
    expect(jsonLd({ post: { ...post, updated: '2026-03-13' }, url, image: 'https://kubeguard.dev/images/pods.png' })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Pods </script> & policies',
      description: 'E.',
      datePublished: '2026-03-10',
      dateModified: '2026-03-13',
      author: { '@type': 'Person', name: 'Maya Chen' },
      publisher: { '@type': 'Organization', name: 'KubeGuard', url: 'https://kubeguard.dev' },
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
      image: 'https://kubeguard.dev/images/pods.png',
      keywords: 'rbac, audit',
      inLanguage: 'en',
    })
  })

  it('gives the date as dateModified when the post was never updated', () => {
    expect(jsonLd({ post, url })).toMatchObject({ datePublished: '2026-03-10', dateModified: '2026-03-10' })
  })
})
