import { describe, expect, it, vi } from 'vitest'
import { siteLocales } from 'virtual:kube-site/config'
import { authorProfile } from './authorProfile.ts'

// The config module as a build serves it: authors by locale, German's role and bio from its copy.
const config = vi.hoisted(() => ({
  site: { language: 'en' },
  legal: {},
  authors: { 'Maya Chen': { role: 'Founder', bio: 'Maya writes.', avatar: '/images/maya.jpg', links: [] }, 'Ana Ruiz': { role: 'Engineer', links: [] } },
  locales: [{ code: 'de', copy: { authors: { 'Maya Chen': { role: 'Gründerin', bio: 'Maya schreibt.' } } } }],
}))
vi.mock('virtual:kube-site/config', async () => (await import('../../../cli/generator/bundle/configExports.ts')).configExports(config as never))

describe('authorProfile', () => {
  it("gives an author's role and bio in the page's locale, by their URL segment; the photo and links the default's", () => {
    const [english, german] = siteLocales
    expect(authorProfile('maya-chen', english!)).toMatchObject({ role: 'Founder', bio: 'Maya writes.', avatar: '/images/maya.jpg' })
    expect(authorProfile('maya-chen', german!)).toEqual({ role: 'Gründerin', bio: 'Maya schreibt.', avatar: '/images/maya.jpg', links: [] })
    // What the locale's copy does not give is the default's.
    expect(authorProfile('ana-ruiz', german!)).toEqual({ role: 'Engineer', links: [] })
    expect(authorProfile('nobody', german!)).toBeUndefined()
    expect(authorProfile('', english!)).toBeUndefined()
  })
})
