import { describe, expect, it } from 'vitest'
import { byName, taxonomyOf, termSlug, type PagedPost } from './taxonomy.ts'

// Written from DECISIONS.md (Routes) by hand: a tag's URL segment ignores case, accents, spaces
// and punctuation; a name with no Latin letter or digit has none.
describe('termSlug', () => {
  it.each([
    ['Network Security', 'network-security'],
    ['network-security', 'network-security'],
    ['Network  security!', 'network-security'],
    ['  --RBAC--  ', 'rbac'],
    ['Sécurité', 'securite'],
    ['Zoë Ångström', 'zoe-angstrom'],
    ['C++', 'c'],
    ['Kubernetes 1.30', 'kubernetes-1-30'],
    ['ｆｕｌｌｗｉｄｔｈ', 'fullwidth'],
    ['日本', ''],
    ['!!!', ''],
  ])('%s → %s', (name, slug) => {
    expect(termSlug(name)).toBe(slug)
  })
})

/** Posts newest first, as the content layer hands them on. */
const posts = (...entries: [author: string, tags: string[]][]): PagedPost[] => entries.map(([author, tags], index) => ({ slug: `post-${index}`, author, tags }))

describe('taxonomyOf', () => {
  it('names a tag by the spelling most posts use, and keeps every spelling with its count', () => {
    const { tags } = taxonomyOf(posts(['A', ['network-security']], ['A', ['Network Security']], ['A', ['Network  security!']], ['A', ['Network Security']]))
    expect([...tags.keys()]).toEqual(['network-security'])
    expect(tags.get('network-security')).toEqual({
      slug: 'network-security',
      name: 'Network Security',
      posts: [0, 1, 2, 3],
      spellings: [
        ['Network Security', 2],
        ['network-security', 1],
        ['Network  security!', 1],
      ],
    })
  })

  it('on a tie, names it as the newest post writes it', () => {
    expect(taxonomyOf(posts(['A', ['rbac']], ['A', ['RBAC']])).tags.get('rbac')?.name).toBe('rbac')
    expect(taxonomyOf(posts(['A', ['RBAC']], ['A', ['rbac']])).tags.get('rbac')?.name).toBe('RBAC')
  })

  it('counts a post that writes one tag twice once, by its first spelling', () => {
    const rbac = taxonomyOf(posts(['A', ['RBAC', 'rbac', 'audit']], ['A', ['rbac']], ['A', ['rbac']])).tags.get('rbac')
    expect(rbac?.posts).toEqual([0, 1, 2])
    expect(rbac?.spellings).toEqual([
      ['rbac', 2],
      ['RBAC', 1],
    ])
  })

  it('groups authors as it groups tags, and lists each term’s posts newest first, terms in the order they first appear', () => {
    const { tags, authors } = taxonomyOf(posts(['Maya Chen', ['cilium']], ['Daniel Okafor', ['rbac']], ['maya chen', ['rbac', 'cilium']], ['Maya Chen', []]))
    expect([...authors.values()].map(({ slug, name, posts }) => [slug, name, posts])).toEqual([
      ['maya-chen', 'Maya Chen', [0, 2, 3]],
      ['daniel-okafor', 'Daniel Okafor', [1]],
    ])
    expect([...tags.values()].map(({ slug, posts }) => [slug, posts])).toEqual([
      ['cilium', [0, 2]],
      ['rbac', [1, 2]],
    ])
  })

  it('leaves out a tag or an author with no Latin letter or digit: it has no URL', () => {
    const { tags, authors } = taxonomyOf(posts(['李伟', ['日本', 'k8s']], ['Ana', ['!!!']]))
    expect([...tags.keys()]).toEqual(['k8s'])
    expect([...authors.keys()]).toEqual(['ana'])
  })

  it('gives the same object for the same array, and another for another', () => {
    const list = posts(['A', ['x']])
    expect(taxonomyOf(list)).toBe(taxonomyOf(list))
    expect(taxonomyOf([...list])).not.toBe(taxonomyOf(list))
  })
})

describe('byName', () => {
  it('sorts terms by name as a reader looks one up: case and accents aside', () => {
    const { tags } = taxonomyOf(posts(['A', ['zero-trust', 'Écosystème', 'audit', 'Cilium', 'ai-agents']]))
    expect(byName(tags.values()).map((tag) => tag.name)).toEqual(['ai-agents', 'audit', 'Cilium', 'Écosystème', 'zero-trust'])
  })
})
