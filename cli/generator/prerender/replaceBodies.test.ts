import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Post } from '../../content/types.ts'
import { insertPostBody } from './insertPostBody.ts'
import type { Manifest, RecordedPage } from '../../incremental/pages/pagePlan.ts'
import { replaceBodies } from './replaceBodies.ts'

const root = mkdtempSync(join(tmpdir(), 'kube-site-replace-bodies-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const shell = '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/static/page.css"></head><body><div data-post-body=""></div><footer>…</footer></body></html>'
const post = { slug: 'a', sourceFile: 'a.md' } as Post
const url = '/blog/a/'

/** A previous output with the post's page as a build wrote it. */
function setUp(name: string, recorded: Partial<RecordedPage> = {}) {
  const outDir = join(root, name, 'dist')
  const client = join(root, name, 'work')
  const { html, place } = insertPostBody(shell, '<p>Old body</p>')
  mkdirSync(join(outDir, 'blog', 'a'), { recursive: true })
  writeFileSync(join(outDir, 'blog', 'a', 'index.html'), html)
  const page: RecordedPage = { hash: 'old', data: 'data', body: place, files: ['blog/a/index.html', html.length, 1, 'assets/static/page.css', 120, 1, 'blog/a/index.md', 40, 1].join('\t'), ...recorded }
  const manifest: Manifest = { outDir, pages: new Map([[url, page]]) }
  // The plan gives it a new body when its source alone changed (planBuild.test.ts).
  const run = () => replaceBodies({ pages: [{ url, sourceFile: post.sourceFile }], manifest, outDir, client, pageBody: async () => '<p>New body “with” 🚀</p>' })
  return { run, written: () => readFileSync(join(client, 'blog', 'a', 'index.html'), 'utf8') }
}

describe('replaceBodies', () => {
  it("writes a post's page whose data is unchanged from the previous page, with the new body where the old one was", async () => {
    const { run, written } = setUp('replaced')
    const replaced = await run()
    const expected = insertPostBody(shell, '<p>New body “with” 🚀</p>')
    expect(replaced.notReplaced).toEqual([])
    expect(written()).toBe(expected.html)
    expect(replaced.written).toEqual(new Map([['blog/a/index.html', { stylesheets: ['assets/static/page.css'], body: expected.place }]]))
    // The stylesheet stays; the markdown twin is made again with the post.
    expect(replaced.linked).toEqual(new Map([['assets/static/page.css', 120]]))
  })

  it('leaves to the prerender a page whose body is no longer where the manifest says', async () => {
    const replaced = await setUp('body elsewhere', { body: [3, 10] }).run()
    expect(replaced.written.size).toBe(0)
    expect(replaced.notReplaced).toEqual([url])
  })
})
