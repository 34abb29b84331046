import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { RelatedPosts } from './RelatedPosts.tsx'

// The interface strings (siteText.ts) and the dates' language come from the config module: English here.
vi.mock('virtual:kube-site/config', async () => (await import('../../../cli/generator/bundle/configExports.ts')).configExports({ site: { language: 'en' } } as never))

describe('RelatedPosts', () => {
  it('lists each post as a link to it with its date, its title escaped', () => {
    const html = renderToStaticMarkup(<RelatedPosts posts={[{ slug: 'a', title: '<script>alert("x")</script> & "RBAC"', date: '2025-03-03' }]} />)
    expect(html).toContain('<h2 id="read-next"')
    expect(html).toMatch(/<a href="\/blog\/a\/"[^>]*>&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt; &amp; &quot;RBAC&quot;<\/a><time dateTime="2025-03-03"[^>]*>March 3, 2025<\/time>/)
    expect(html).not.toContain('<script')
  })

  it('renders nothing when there is nothing to offer', () => {
    expect(renderToStaticMarkup(<RelatedPosts posts={[]} />)).toBe('')
  })
})
