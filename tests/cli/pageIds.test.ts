import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Parser } from 'htmlparser2'
import { beforeAll, describe, expect, it } from 'vitest'
import { isPageId, MAIN_ID, READ_NEXT_ID, ROOT_ID, VIKE_PAGE_CONTEXT_ID } from '../../pages/_lib/pageIds.ts'
import { POST_BODY_ATTRIBUTE } from '../../pages/_lib/blog/postBodyAttribute.ts'
import { buildSite, repoRoot } from '../support/buildSite.ts'

// The ids of a built post page: those outside the post's body are the page's own, and every one
// of them is in pages/_lib/pageIds.ts (a component that renders an id of its own without it fails
// here); those in the body never meet them. One build, of the shipped posts and one that names
// the page's ids in its headings and raw HTML.

const POST = `---
title: "Ids of the page"
excerpt: "A post whose headings are called as the page's landmarks."
author: "Maya Chen"
date: 2025-10-08
tags: [pod-security, kubernetes]
---

## Main

<div id="setup">Raw HTML with an id of its own.</div>

## Setup

## Read next

<a name="read-next">An old-style anchor</a>, and [a link to the main heading](#main-1).
`

interface Ids {
  outside: string[]
  body: string[]
  names: string[]
}

/** The ids of a page: those outside its post body element and those in it, and its elements' name attributes in the body. */
function idsOf(html: string): Ids {
  const ids: Ids = { outside: [], body: [], names: [] }
  // The depth of open elements inside the body element (0: outside it).
  let inBody = 0
  const parser = new Parser(
    {
      onopentag(_, attributes) {
        if (inBody > 0) inBody++
        else if (attributes[POST_BODY_ATTRIBUTE] !== undefined) inBody = 1
        if (attributes.id !== undefined) (inBody > 1 ? ids.body : ids.outside).push(attributes.id)
        if (inBody > 1 && attributes.name !== undefined) ids.names.push(attributes.name)
      },
      onclosetag() {
        if (inBody > 0) inBody--
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  )
  parser.end(html)
  return ids
}

let pages: Map<string, Ids>

beforeAll(async () => {
  const posts = mkdtempSync(join(tmpdir(), 'kube-site-page-ids-'))
  cpSync(join(repoRoot, 'posts'), posts, { recursive: true })
  writeFileSync(join(posts, 'ids-of-the-page.md'), POST)
  const { outDir } = await buildSite({ out: 'page-ids', posts })
  const slugs = readdirSync(join(outDir, 'blog'), { withFileTypes: true }).filter((entry) => entry.isDirectory() && readdirSync(join(outDir, 'blog', entry.name)).includes('index.html'))
  pages = new Map()
  for (const { name } of slugs) {
    const html = readFileSync(join(outDir, 'blog', name, 'index.html'), 'utf8')
    if (html.includes(`${POST_BODY_ATTRIBUTE}=""`)) pages.set(name, idsOf(html))
  }
}, 300_000)

describe("a post page's ids", () => {
  it('outside the post: each one of the ids pages/_lib/pageIds.ts names, or in React\'s form', () => {
    expect(pages.size).toBeGreaterThan(5)
    for (const [slug, { outside }] of pages) {
      expect(outside.filter((id) => !isPageId(id)), slug).toEqual([])
      // The test sees the page's ids: these are on every post page.
      expect(outside, slug).toEqual(expect.arrayContaining([MAIN_ID, ROOT_ID, VIKE_PAGE_CONTEXT_ID]))
    }
    expect([...pages.values()].some(({ outside }) => outside.includes(READ_NEXT_ID))).toBe(true)
  })

  it("in the post: never the page's, each once on the page, and no name", () => {
    for (const [slug, { outside, body, names }] of pages) {
      expect(body.filter(isPageId), slug).toEqual([])
      expect([...outside, ...body].filter((id, index, all) => all.indexOf(id) !== index), slug).toEqual([])
      expect(names, slug).toEqual([])
    }
  })

  it("a post whose headings are named as the page's landmarks: ids of their own", () => {
    const { outside, body } = pages.get('ids-of-the-page')!
    expect(outside).toContain(READ_NEXT_ID)
    expect(body).toEqual(expect.arrayContaining(['main-1', 'setup', 'setup-1', 'read-next-1']))
  })
})
