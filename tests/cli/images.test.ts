import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliEnv, repoRoot } from '../support/buildSite.ts'
import { snapshotFiles as snapshot } from '../support/snapshotFiles.ts'
import { makeScreenshot } from '../support/screenshot.mjs'

// The images of posts as a writer adds them: a screenshot beside the post (in a folder of the
// posts), the same one as raw HTML, an SVG diagram, and a remote image. The variants' cache is the
// real one: each run draws a screenshot of its own, so its first build has to encode it.

function build(site: string, out: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(repoRoot, 'cli/bin.js'), 'build', '--config', join(repoRoot, 'site.config.ts'), '--out', out], { cwd: site, env: cliEnv({ NO_COLOR: '1' }), maxBuffer: 64 << 20 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}


const POST = `---
title: "The report's summary panel"
excerpt: "A tour of the summary panel."
author: "Maya Chen"
date: 2026-11-01
tags: [product]
---

The summary panel shows what matters first.

![The report's summary panel](./shots/summary.png)

Then the flow, as a diagram, and the cluster map as raw HTML:

![How a finding flows](./shots/flow.svg)

<img src="./shots/summary.png" alt="The panel again">

![A remote chart](https://example.com/chart.png)
`

const COVERED = `---
title: "Covers for each theme"
excerpt: "A folder post with its covers beside it."
author: "Maya Chen"
date: 2026-11-02
tags: [product]
lightImage: ./light.png
darkImage: ./dark.png
---

Before the diagram.

![The flow](./flow.svg)
`

let site: string
let out: string
let first: Awaited<ReturnType<typeof build>>

beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), 'kube-site-images-'))
  cpSync(join(repoRoot, 'posts'), join(site, 'posts'), { recursive: true })
  mkdirSync(join(site, 'posts', 'shots'))
  // A seed of this run's own: the cache has never seen this image.
  const seed = Math.floor(Math.random() * 1e9)
  writeFileSync(join(site, 'posts', 'shots', 'summary.png'), await makeScreenshot({ width: 1200, height: 750, seed }))
  writeFileSync(join(site, 'posts', 'shots', 'flow.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360"><rect width="640" height="360" fill="#0ea5e9"/></svg>')
  writeFileSync(join(site, 'posts', 'summary-panel.md'), POST)
  // A post that is a folder, with a cover for each theme and a diagram beside it.
  mkdirSync(join(site, 'posts', 'with-covers'))
  writeFileSync(join(site, 'posts', 'with-covers', 'light.png'), await makeScreenshot({ width: 1200, height: 630, seed: seed + 2 }))
  writeFileSync(join(site, 'posts', 'with-covers', 'dark.png'), await makeScreenshot({ width: 1200, height: 630, seed: seed + 3 }))
  writeFileSync(join(site, 'posts', 'with-covers', 'flow.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200"/></svg>')
  writeFileSync(join(site, 'posts', 'with-covers', 'index.md'), COVERED)
  // A screenshot pasted into a post by an editor: a data: URL far longer than a line may be.
  const pasted = (await makeScreenshot({ width: 600, height: 400, seed: seed + 1 })).toString('base64')
  writeFileSync(join(site, 'posts', 'pasted.md'), POST.replace('title: "The report', 'title: "Pasted: the report').split('\n\nThe summary panel')[0] + `\n\nPasted:\n\n![A pasted panel](data:image/png;base64,${pasted})\n`)
  out = join(site, 'dist')
  first = await build(site, out)
}, 300_000)

afterAll(() => rmSync(site, { recursive: true, force: true }))

const page = () => readFileSync(join(out, 'blog', 'summary-panel', 'index.html'), 'utf8')

describe('images in posts', () => {
  it('encodes a screenshot beside the post into AVIF, WebP and JPEG at the widths it reaches, and says so', () => {
    expect(first.stderr).toBe('')
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(/✓ images\s+\S+ \S+\s+42 encoded, 0 from cache/)
    const pictures = page().match(/<picture>.*?<\/picture>/g) ?? []
    expect(pictures).toHaveLength(2)
    for (const picture of pictures) {
      const sources = [...picture.matchAll(/<source type="([^"]+)" srcset="([^"]+)"/g)].map(([, type, srcset]) => [type, srcset!.split(', ').map((entry) => entry.split(' ')[1])])
      expect(sources).toEqual([
        ['image/avif', ['480w', '768w', '1080w', '1200w']],
        ['image/webp', ['480w', '768w', '1080w', '1200w']],
      ])
      expect(picture).toMatch(/<img src="\/assets\/images\/[0-9a-f]{20}\.jpg" srcset="[^"]+ 480w, [^"]+ 768w, [^"]+ 1080w, [^"]+ 1200w" sizes="[^"]+"/)
      expect(picture).toContain('width="1200" height="750"')
      // Every file a picture names is in the output, in the format it says.
      for (const [, url] of picture.matchAll(/(\/assets\/images\/[^ "]+)/g)) expect(existsSync(join(out, url!))).toBe(true)
    }
    // The first image, near the top of a post without a cover, is its largest paint; the rest wait.
    expect(pictures[0]).toContain('alt="The report&#39;s summary panel"')
    expect(pictures[0]).toContain('loading="eager" fetchpriority="high"')
    expect(pictures[1]).toContain('alt="The panel again"')
    expect(pictures[1]).toContain('loading="lazy"')
  })

  it('makes a pasted image (a data: URL) a file like any other', () => {
    const html = readFileSync(join(out, 'blog', 'pasted', 'index.html'), 'utf8')
    const picture = /<picture>.*?<\/picture>/.exec(html)?.[0]
    expect(picture).toMatch(/<source type="image\/avif" srcset="\/assets\/images\/[0-9a-f]{20}\.avif 480w, \/assets\/images\/[0-9a-f]{20}\.avif 600w"/)
    expect(picture).toContain('alt="A pasted panel" width="600" height="400"')
    expect(html).not.toContain('data:image')
    expect(html).not.toContain('@pasted')
  })

  it("makes a folder post's covers <picture>s: the default theme's eager and fetched first, the other lazy; og:image is the cover's file, with its size", async () => {
    const html = readFileSync(join(out, 'blog', 'with-covers', 'index.html'), 'utf8')
    const covers = [...html.matchAll(/<picture>.*?<\/picture>/g)].map(([picture]) => picture)
    expect(covers).toHaveLength(2)
    const light = covers.find((picture) => picture.includes('themed--light'))!
    const dark = covers.find((picture) => picture.includes('themed--dark'))!
    expect(light).toMatch(/<img [^>]*width="1200" height="630" loading="lazy"/)
    expect(dark).toMatch(/<img [^>]*width="1200" height="630" fetchPriority="high"/)
    expect(dark).not.toContain('loading="lazy"')
    for (const [, url] of html.matchAll(/(\/assets\/images\/[^ "]+)/g)) expect(existsSync(join(out, url!))).toBe(true)
    // The social card of a post with a cover is the cover, a file that is there.
    const card = /<meta property="og:image" content="https:\/\/[^/]+(\/assets\/images\/[0-9a-f]{20}\.jpg)"/.exec(html)
    expect(existsSync(join(out, card![1]!))).toBe(true)
    const { width, height } = await sharp(join(out, card![1]!)).metadata()
    expect(html).toContain(`<meta property="og:image:width" content="${width}"/><meta property="og:image:height" content="${height}"/>`)
    expect(html).not.toContain('og:image:type')
    // On the blog's list, the cover is a card's: half the container from 768 px.
    const list = readFileSync(join(out, 'blog', 'index.html'), 'utf8')
    expect(list).toMatch(/<img [^>]*sizes="\(min-width: 1200px\) 552px, \(min-width: 768px\) calc\(50vw - 3rem\), calc\(100vw - 2.5rem\)"[^>]*class="[^"]*themed--dark"/)
    // With a cover above it, no image of the body is the largest paint.
    expect(html).toMatch(/<img src="\/assets\/images\/flow-[0-9a-f]{20}\.svg" alt="The flow" loading="lazy" decoding="async" width="300" height="200">/)
  })

  it('publishes an SVG beside the post as it is, sized from its viewBox, and leaves a remote image as written', async () => {
    const svg = /<img src="(\/assets\/images\/flow-[0-9a-f]{20}\.svg)"[^>]*>/.exec(page())
    expect(svg?.[0]).toMatch(/ alt="How a finding flows".* loading="lazy".* width="640" height="360">$/)
    expect(readFileSync(join(out, svg![1]!), 'utf8')).toContain('viewBox="0 0 640 360"')
    expect(page()).toContain('<img src="https://example.com/chart.png" alt="A remote chart" loading="lazy" decoding="async" />')
    const jpeg = /<img src="(\/assets\/images\/[0-9a-f]{20}\.jpg)"/.exec(page())![1]!
    expect((await sharp(join(out, jpeg)).metadata()).format).toBe('jpeg')
  })

  it('encodes nothing when no image changed, and writes the same output', async () => {
    const before = snapshot(out)
    const again = await build(site, out)
    expect(again.code).toBe(0)
    expect(again.stdout).toMatch(/✓ images\s+\S+ \S+\s+0 encoded, 42 from cache/)
    expect(snapshot(out)).toEqual(before)
  })

  it('reports every missing or broken image in one run, with where it is written and the nearest file, and leaves the output as it was', async () => {
    const before = snapshot(out)
    writeFileSync(join(site, 'posts', 'zz-typo.md'), POST.replace('title: "The report', 'title: "A typo in the report').replace('./shots/summary.png)', './shots/sumary.png)'))
    writeFileSync(join(site, 'posts', 'zz-public.md'), POST.replace('title: "The report', 'title: "A missing public image in the report').replace('](./shots/flow.svg)', '](/images/blog/no-such-diagram.svg)'))
    writeFileSync(join(site, 'posts', 'shots', 'broken.png'), Buffer.from('\x89PNG\r\n\x1a\n not really'))
    writeFileSync(join(site, 'posts', 'zz-broken.md'), POST.replace('title: "The report', 'title: "A broken image in the report').replace('<img src="./shots/summary.png"', '<img src="./shots/broken.png"'))
    writeFileSync(join(site, 'posts', 'zz-cover.md'), COVERED.replace('title: "Covers', 'title: "A missing cover, covers').replace('lightImage: ./light.png', 'lightImage: ./with-covers/lihgt.png'))
    try {
      const failed = await build(site, out)
      expect(failed.code).toBe(1)
      expect(failed.stderr).toContain('4 posts have problems')
      expect(failed.stderr).toContain('posts/zz-cover.md:7:13 Cover image not found: ./with-covers/lihgt.png')
      expect(failed.stderr).toContain('> 7 | lightImage: ./with-covers/lihgt.png')
      expect(failed.stderr).toContain('Did you mean posts/with-covers/light.png?')
      expect(failed.stderr).toMatch(/posts\/zz-typo\.md:11:31/)
      expect(failed.stderr).toContain('Image not found: ./shots/sumary.png')
      expect(failed.stderr).toContain('Did you mean posts/shots/summary.png?')
      expect(failed.stderr).toMatch(/posts\/zz-public\.md:15:24/)
      expect(failed.stderr).toContain('Image not found: /images/blog/no-such-diagram.svg')
      expect(failed.stderr).toMatch(/posts\/zz-broken\.md:17:11/)
      expect(failed.stderr).toMatch(/Image posts\/shots\/broken\.png could not be read/)
      expect(snapshot(out)).toEqual(before)
    } finally {
      for (const name of ['zz-typo.md', 'zz-public.md', 'zz-broken.md', 'zz-cover.md', 'shots/broken.png']) rmSync(join(site, 'posts', name))
    }
  })

  it('stops on an SVG beside a post that it cannot publish (an entity bomb), naming the file, where, and the post, and leaves the output as it was', async () => {
    const before = snapshot(out)
    const entities = ['<!ENTITY lol "lol">', ...Array.from({ length: 9 }, (_, n) => `<!ENTITY lol${n + 1} "${`&lol${n || ''};`.repeat(10)}">`)].join('')
    writeFileSync(join(site, 'posts', 'shots', 'bomb.svg'), `<?xml version="1.0"?>\n<!DOCTYPE svg [${entities}]>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">\n  <text>&lol9;</text>\n</svg>\n`)
    writeFileSync(join(site, 'posts', 'zz-bomb.md'), POST.replace('title: "The report', 'title: "A bomb in the report').replace('](./shots/flow.svg)', '](./shots/bomb.svg)'))
    try {
      const failed = await build(site, out)
      expect(failed.code).toBe(1)
      expect(failed.stderr).toContain('posts/shots/bomb.svg:4:9 The SVG cannot be published: the entity &lol9; holds markup or another entity')
      expect(failed.stderr).toContain('posts/zz-bomb.md shows it.')
      expect(failed.stderr).not.toContain('<input>')
      expect(snapshot(out)).toEqual(before)
    } finally {
      for (const name of ['zz-bomb.md', 'shots/bomb.svg']) rmSync(join(site, 'posts', name))
    }
  })
})
