import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { Post } from '../content/types.ts'
import { termFindings } from './termFindings.ts'
import { validateContent } from './validateContent.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const at = 'cli/check/__fixtures__/terms/'

// The fixture: 'Network Security' in three posts and 'network-security' in one; 日本 tags two
// posts and 李伟 writes one; the config has profiles of Priya Raman (a post's author), 'Maya Chan'
// (Maya Chen, mistyped) and Ghost Writer (no post).
describe('termFindings, through validateContent', async () => {
  const { findings, posts } = await validateContent({ configFile: `${repo}${at}site.config.ts`, postsDir: `${repo}${at}posts`, drafts: false, cwd: repo })

  it('finds every post valid, and warns of each tag and author that reads wrong, nothing else', () => {
    expect(posts).toBe(5)
    expect(findings.map(({ severity, code, file, line, column }) => [severity, code, file, line, column])).toEqual([
      ['warning', 'TAG_SPELLING', `${at}posts/rbac-audit.md`, 6, 7],
      ['warning', 'TAG_WITHOUT_PAGE', `${at}posts/tokyo-meetup.md`, 6, 7],
      ['warning', 'AUTHOR_WITHOUT_PAGE', `${at}posts/osaka-meetup.md`, 4, 9],
      ['warning', 'UNMATCHED_AUTHOR', `${at}site.config.ts`, 10, 6],
      ['warning', 'UNMATCHED_AUTHOR', `${at}site.config.ts`, 11, 6],
    ])
  })

  it('names the spelling the pages show, and each post that writes the tag otherwise, at its tags: line', () => {
    expect(findings[0]).toMatchObject({
      message: `tag "Network Security" (the spelling its pages show, from 3 posts) is also written "network-security" in ${at}posts/rbac-audit.md:6:7`,
      hint: 'Write it one way in every post: "Network Security", as its page /blog/tags/network-security/ shows it.',
    })
  })

  it('says a tag or an author with no Latin letter or digit gets no page, and names every post of it', () => {
    expect(findings[1]).toMatchObject({
      message: `${at}posts/tokyo-meetup.md:6:7 tag "日本" has no Latin letter or digit to make its URL of: it gets no page, and its badge is not a link (also in ${at}posts/osaka-meetup.md:6:7)`,
      hint: 'Add a Latin spelling beside it, as "日本 (…)", or leave it out.',
    })
    expect(findings[2]).toMatchObject({
      message: `${at}posts/osaka-meetup.md:4:9 author "李伟" has no Latin letter or digit to make their URL of: they get no page, and their byline is not a link`,
      hint: 'Add a Latin spelling of the name beside it: author: "李伟 (…)".',
    })
  })

  it('names a config profile no post’s author matches at its key, with the nearest author when there is one', () => {
    expect(findings[3]).toMatchObject({
      message: `${at}site.config.ts:10:6 authors['Maya Chan'] matches no post's author: its role, photo, bio and links show nowhere`,
      hint: 'Did you mean "Maya Chen"? Name an entry as posts write their author: (case, accents and punctuation aside), or remove it.',
      frame: expect.stringContaining("> 10 |     'Maya Chan': { role: 'Principal Engineer' },"),
    })
    expect(findings[4]?.message).toContain("authors['Ghost Writer'] matches no post's author")
    expect(findings[4]?.hint).toBe("Name an entry as posts write their author: (case, accents and punctuation aside), or remove it.")
  })
})

const post = (sourceFile: string, author: string, tags: string[]) => ({ slug: sourceFile.replace(/\.md$/, ''), sourceFile, author, tags }) as Post

describe('termFindings', () => {
  const options = { postsDir: `${repo}${at}posts`, cwd: repo }

  it('lists every other spelling of a tag with its posts, most used first, and counts a post that writes it twice once', () => {
    const posts = [
      post('rbac-audit.md', 'A', ['RBAC', 'rbac']),
      post('zero-trust.md', 'A', ['RBAC']),
      post('cilium-first.md', 'A', ['rbac']),
      post('tokyo-meetup.md', 'A', ['Rbac']),
      post('osaka-meetup.md', 'A', ['rbac']),
    ]
    const [spelling, ...others] = termFindings(posts, options)
    expect(others).toEqual([])
    expect(spelling).toMatchObject({
      code: 'TAG_SPELLING',
      // 'RBAC' and 'rbac' in two posts each: the newest post's spelling is the page's.
      message: `tag "RBAC" (the spelling its pages show, from 2 posts) is also written "rbac" in ${at}posts/cilium-first.md:6:7, ${at}posts/osaka-meetup.md:6:7; "Rbac" in ${at}posts/tokyo-meetup.md:6:7`,
      file: `${at}posts/cilium-first.md`,
    })
  })

  it('finds nothing in posts that write each tag and author one way, each with a URL, and a config whose profiles all match', () => {
    const posts = [post('a.md', 'Maya Chen', ['rbac', 'C++']), post('b.md', 'maya-chen', ['rbac']), post('c.md', 'Zoë', ['Sécurité'])]
    // An author written two ways is one page, and its byline shows each post's own: not a tag's badge.
    const site = { config: { authors: { 'MAYA CHEN': { links: [] }, Zoe: { links: [] } } }, file: `${repo}${at}site.config.ts` }
    expect(termFindings(posts, { ...options, site })).toEqual([])
  })

  it('names a post without its line when its file cannot be read again', () => {
    const [finding] = termFindings([post('gone.md', 'A', ['日本'])], options)
    expect(finding).toMatchObject({ code: 'TAG_WITHOUT_PAGE', file: `${at}posts/gone.md`, message: expect.stringMatching(/^cli\/check\/__fixtures__\/terms\/posts\/gone\.md tag "日本"/) })
    expect(finding).not.toHaveProperty('line')
  })
})
