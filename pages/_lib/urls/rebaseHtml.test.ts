import { describe, expect, it } from 'vitest'
import { rebaseHtml } from './rebaseHtml.ts'

const html = '<a href="/pricing/">p</a><img src="/images/a.svg" alt=""><a href="#intro">up</a><a href="https://k8s.io/">k</a><a href="//cdn.example">c</a><code>href=&quot;/x&quot;</code>'

describe('rebaseHtml', () => {
  it('leaves the HTML alone at the root', () => {
    expect(rebaseHtml(html, { root: '/' })).toBe(html)
  })

  it('puts the base path before site paths only', () => {
    expect(rebaseHtml(html, { root: '/marketing/' })).toBe(
      '<a href="/marketing/pricing/">p</a><img src="/marketing/images/a.svg" alt=""><a href="#intro">up</a><a href="https://k8s.io/">k</a><a href="//cdn.example">c</a><code>href=&quot;/x&quot;</code>',
    )
  })

  it('makes every URL absolute for a feed, in-page anchors included', () => {
    expect(rebaseHtml(html, { root: 'https://kubeguard.dev/m', page: 'https://kubeguard.dev/m/blog/a/' })).toBe(
      '<a href="https://kubeguard.dev/m/pricing/">p</a><img src="https://kubeguard.dev/m/images/a.svg" alt=""><a href="https://kubeguard.dev/m/blog/a/#intro">up</a><a href="https://k8s.io/">k</a><a href="//cdn.example">c</a><code>href=&quot;/x&quot;</code>',
    )
  })

  it('rebases every URL of a srcset', () => {
    const picture = '<picture><source srcset="/assets/images/a.avif 480w, /assets/images/b.avif 768w"><img src="/assets/images/a.jpg" srcset="/assets/images/a.jpg 480w,/assets/images/b.jpg 768w"></picture>'
    expect(rebaseHtml(picture, { root: '/previews/pr-1/' })).toBe(
      '<picture><source srcset="/previews/pr-1/assets/images/a.avif 480w, /previews/pr-1/assets/images/b.avif 768w"><img src="/previews/pr-1/assets/images/a.jpg" srcset="/previews/pr-1/assets/images/a.jpg 480w,/previews/pr-1/assets/images/b.jpg 768w"></picture>',
    )
    expect(rebaseHtml(picture, { root: '/' })).toBe(picture)
  })
})
