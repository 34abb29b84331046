import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { postImagesContext } from '../../cli/content/posts/postBody.ts'
import { createContentState } from '../../cli/dev/createContentState.ts'
import { placePostImages } from '../../cli/images/postImages.ts'
import type { ImageStore } from '../../cli/incremental/images/imageStore.ts'
import { setSiteContent } from '../../cli/generator/siteContent.ts'
import { POST_BODY_ATTRIBUTE } from '../../pages/_lib/blog/postBodyAttribute.ts'
import { ROUTES } from '../../pages/_lib/urls/routes.ts'
import { buildSite, repoRoot, tmpRoot } from '../support/buildSite.ts'

// A post's body is what a component reads of it (PostBody.tsx): the dev server serves it as the
// post's page data, a build writes it into the page (cli/content/posts/postBody.ts). The two are the
// same string but for the images, which dev shows as they are and a build encodes.

const site = join(tmpRoot, 'post-body')
const posts = join(site, 'posts')
const BASE = '/docs/'
const SLUG = 'one-handle'
const post = (paragraph: string) => `---
title: "One handle"
excerpt: "A body with everything a body has."
author: "Maya Chen"
date: 2025-03-01
tags: [k8s]
---

${paragraph} See [the plans](/pricing/) and [the section below](#the-manifest).

## The manifest

![A chart of the rollout](./chart.png)

\`\`\`yaml
apiVersion: v1
kind: Pod # a comment
\`\`\`

### Übersicht

Inline \`code\` and *emphasis*.
`

afterAll(() => {
  setSiteContent(undefined)
  rmSync(site, { recursive: true, force: true })
})

const PICTURE = /<picture>[\s\S]*?<\/picture>/g

/** The post's body as the dev server serves it: the page data of its +data hook, under BASE. */
function devBody(state: ReturnType<typeof createContentState>): string {
  expect(state.error).toBeUndefined()
  return ROUTES.blogPost.data(state.content!, { slug: SLUG }, BASE)!.post.html
}

/**
 * Expects the built page of the post to hold `body` as its post body, but its pictures, which
 * are the build's own: those are returned.
 */
function expectBuiltBody(outDir: string, body: string): string[] {
  const page = readFileSync(join(outDir, 'blog', SLUG, 'index.html'), 'utf8')
  const marker = `${POST_BODY_ATTRIBUTE}="">`
  expect(page.split(marker)).toHaveLength(2)
  const devPictures = body.match(PICTURE) ?? []
  const builtPictures = (page.slice(page.indexOf(marker)).match(PICTURE) ?? []).slice(0, devPictures.length)
  let at = 0
  const expected = body.replace(PICTURE, () => builtPictures[at++]!)
  expect(page).toContain(`${marker}${expected}</div>`)
  return builtPictures
}

describe("a post's body", () => {
  it('is the same string in dev and in a build under a base, first built and after an edit to the body alone', async () => {
    mkdirSync(posts, { recursive: true })
    await sharp({ create: { width: 640, height: 360, channels: 3, background: '#0ea5e9' } }).png().toFile(join(posts, 'chart.png'))
    writeFileSync(join(posts, `${SLUG}.md`), post('First words.'))
    const outDir = join(site, 'dist')
    // In two rendering threads, which get the bodies with their posts.
    await buildSite({ out: outDir, posts, base: BASE, env: { KUBE_SITE_THREADS: '2' } })
    const state = createContentState({ configFile: join(repoRoot, 'site.config.ts'), postsDir: posts, drafts: false, cwd: site })
    await state.load()

    const body = devBody(state)
    expect(body).toContain('href="/docs/pricing/"')
    expect(body).toMatch(/<h2 id="the-manifest"/)
    expect(body).toMatch(/<h3 id="übersicht"/)
    expect(body).toContain('<pre')
    expect(body).toContain('First words.')
    const [devPicture] = body.match(PICTURE)!
    const [builtPicture] = expectBuiltBody(outDir, body)
    // The one difference: dev serves the image as it is, the build its variants, both under the base.
    expect(devPicture).toContain('src="/docs/@kube-site/posts/chart.png?v=')
    expect(builtPicture).toMatch(/src="\/docs\/assets\/[^"]+"/)
    for (const picture of [devPicture, builtPicture]) expect(picture).toContain('alt="A chart of the rollout" width="640" height="360"')

    // An edit to the body alone: the rebuild puts the new body into the page it wrote (replaceBodies.ts).
    writeFileSync(join(posts, `${SLUG}.md`), post('Other words.'))
    const rebuilt = await buildSite({ out: outDir, posts, base: BASE, quiet: false })
    expect(rebuilt.stdout).toContain('1 with only a new body')
    await state.reloadPost(join(posts, `${SLUG}.md`), true)
    const edited = devBody(state)
    expect(edited).toContain('Other words.')
    expectBuiltBody(outDir, edited)
  })

  it("tells where a missing image is while the post's file is there, and tells it without a line once the file is gone", async () => {
    const folder = join(site, 'gone')
    mkdirSync(join(folder, 'posts'), { recursive: true })
    const file = join(folder, 'posts', 'going.md')
    writeFileSync(file, '---\ntitle: "Going"\n---\n\n![A panel](./panel.png)\n')
    const context = { ...postImagesContext('going.md', { postsDir: join(folder, 'posts'), publicDir: join(folder, 'public'), cwd: folder, store: {} as ImageStore }), hasCover: false }
    const problem = async () => {
      const placed = await placePostImages('<p><img src="./panel.png" alt="A panel"></p>', context)
      expect('problems' in placed && placed.problems.map((error) => error.message)).toEqual(['Image not found: ./panel.png'])
      return 'problems' in placed ? placed.problems[0]!.location : undefined
    }
    expect(await problem()).toEqual({ file: join('posts', 'going.md'), line: 5, column: 12 })
    // A dev server places a post's images again as its folder is removed (devContentPlugin.ts).
    rmSync(file)
    expect(await problem()).toEqual({ file: join('posts', 'going.md'), line: undefined, column: undefined })
  })
})
