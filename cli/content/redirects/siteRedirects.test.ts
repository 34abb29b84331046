import { describe, expect, it } from 'vitest'
import { siteRedirects } from './siteRedirects.ts'
import type { Post } from '../types.ts'

const post = (slug: string, redirectFrom: string[]) => ({ slug, redirectFrom }) as Post

describe('siteRedirects', () => {
  it("leads each post's old URLs to it, and the config's to their pages, sorted by old URL", () => {
    const posts = [post('new-b', ['/blog/old-b/', '/b/']), post('a', [])]
    const config = { '/docs/': '/pricing/', '/plans/': '/blog/page/2/' }
    expect(siteRedirects(posts, config, new Set(['/', '/pricing/', '/blog/new-b/', '/blog/a/', '/blog/page/2/']))).toEqual([
      { from: '/b/', to: '/blog/new-b/' },
      { from: '/blog/old-b/', to: '/blog/new-b/' },
      { from: '/docs/', to: '/pricing/' },
      { from: '/plans/', to: '/blog/page/2/' },
    ])
  })

  it('holds back a config redirect to a page this build does not have (a draft or scheduled post), as the post holds back its own', () => {
    expect(siteRedirects([post('a', [])], { '/soon/': '/blog/later/' }, new Set(['/', '/blog/a/']))).toEqual([])
  })
})
