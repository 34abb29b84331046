import { uiStrings } from '../../../pages/_lib/text/uiStrings.ts'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { writeMarkdownTwins } from './writeMarkdownTwins.ts'

let roots: string[] = []
afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
  roots = []
})

const SOURCE = `---
title: "Screenshots: the summary panel"
excerpt: "A tour."
author: "Maya Chen"
date: 2025-03-18
tags: [product, rbac]
---

The panel, beside the post:

![The summary panel](./summary.png)
`

describe('writeMarkdownTwins', () => {
  it("writes blog/<slug>/index.md from the post's file: the frontmatter left for the header, the body as the page shows it", async () => {
    const root = mkdtempSync(join(tmpdir(), 'kube-site-twins-'))
    roots.push(root)
    mkdirSync(join(root, 'posts', 'summary-panel'), { recursive: true })
    // Saved with a byte-order mark and Windows line breaks: read as the posts stage reads it.
    writeFileSync(join(root, 'posts', 'summary-panel', 'index.md'), `\uFEFF${SOURCE.replace(/\n/g, '\r\n')}`)
    const asked: string[][] = []
    const post = { slug: 'summary', sourceFile: 'summary-panel/index.md', title: 'Screenshots: the summary panel', author: 'Maya Chen', date: '2025-03-18', updated: '2025-04-01', tags: ['product', 'rbac'] }
    await writeMarkdownTwins({
      root: join(root, 'out'),
      posts: [post],
      postsDir: join(root, 'posts'),
      siteUrl: 'https://kubeguard.dev',
      base: '/docs/',
      imageUrl: async (sourceFile, src) => (asked.push([sourceFile, src]), '/assets/images/summary-1600.jpg'),
      strings: uiStrings('en'),
    })
    expect(asked).toEqual([['summary-panel/index.md', './summary.png']])
    expect(readFileSync(join(root, 'out', 'blog', 'summary', 'index.md'), 'utf8')).toBe(
      [
        '# Screenshots: the summary panel',
        '',
        'By Maya Chen · 2025-03-18 · updated 2025-04-01 · Tags: product, rbac · <https://kubeguard.dev/docs/blog/summary/>',
        '',
        'The panel, beside the post:',
        '',
        '![The summary panel](/docs/assets/images/summary-1600.jpg)',
        '',
      ].join('\n'),
    )
  })

  it('a post file gone since the posts were read: the build is told to run again', async () => {
    const root = mkdtempSync(join(tmpdir(), 'kube-site-twins-'))
    roots.push(root)
    const post = { slug: 'gone', sourceFile: 'gone.md', title: 'Gone', author: 'A', date: '2025-01-01', tags: [] }
    await expect(writeMarkdownTwins({ root, posts: [post], postsDir: root, siteUrl: 'https://kubeguard.dev', base: '/', imageUrl: async (_, src) => src, strings: uiStrings('en') })).rejects.toThrow(
      'was removed while the posts were being read',
    )
  })
})
