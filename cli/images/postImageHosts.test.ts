import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatLocation } from '../errors.ts'
import type { Post } from '../content/types.ts'
import type { ImageStore } from '../incremental/images/imageStore.ts'
import { placeCovers, placePostImages, type PostImagesContext } from './postImages.ts'

// A remote image's host goes into the blog's policy: one that a policy cannot name (a `;` that
// would start a directive of its own, credentials, an IPv6 address) is the post's problem, at the
// line the writer wrote it, and never reaches the policy.

function site(source: string): PostImagesContext {
  const root = mkdtempSync(join(tmpdir(), 'post-image-hosts-'))
  mkdirSync(join(root, 'posts'))
  mkdirSync(join(root, 'public'))
  return { sourceFile: join(root, 'posts', 'p.md'), postsDir: join(root, 'posts'), publicDir: join(root, 'public'), shown: () => 'posts/p.md', readSource: () => source, cwd: root, hasCover: true, store: {} as ImageStore }
}

describe("a post body's remote images", () => {
  it('refuses an image whose host holds a `;`, naming the post, line and column', async () => {
    const src = 'https://img.example;connect-src/a.png'
    const placed = await placePostImages(`<p>Hi</p>\n<p><img src="${src}" alt="x"></p>`, site(`---\ntitle: T\n---\n\nHi\n\n![x](${src})\n`))
    expect('problems' in placed && placed.problems.map((problem) => `${problem.code} ${formatLocation(problem.location!)} ${problem.message}`)).toEqual([
      `POST_INVALID posts/p.md:7:6 Image ${src}: its host "img.example;connect-src" is not one a Content-Security-Policy can name (letters, digits and hyphens, in labels between dots)`,
    ])
    expect('problems' in placed && placed.problems[0]!.hint).toBeTruthy()
  })

  it.each([
    ['https://user:pw@img.example/a.png', 'carries a user name or password'],
    ['https://[::1]/a.png', 'IPv6'],
    ["https://img.example'/a.png", 'is not one a Content-Security-Policy can name'],
  ])('refuses %s', async (src, reason) => {
    const placed = await placePostImages(`<p><img src="${src.replace(/'/g, '&#39;')}" alt="x"></p>`, site(`![x](${src})\n`))
    expect('problems' in placed && placed.problems[0]!.message).toContain(reason)
  })

  it('hands on the images a policy can name, as written', async () => {
    const srcs = ['https://img.example/a.png', 'https://bücher.example/b.png', "https://img.example/'unsafe-inline'/c.png", '//cdn.example/d.png']
    const placed = await placePostImages(srcs.map((src) => `<img src="${src.replace(/'/g, '&#39;')}">`).join(''), site(''))
    expect('remote' in placed && placed.remote).toEqual(srcs)
  })
})

describe('a remote cover', () => {
  it("refuses one whose host a policy cannot name, at its frontmatter key's line", async () => {
    const source = `---\ntitle: T\ndate: 2025-01-01\nimage: /images/a.png\ndarkImage: https://img.example,connect-src/d.png\n---\n\nHi\n`
    const post = { image: '/images/a.png', darkImage: 'https://img.example,connect-src/d.png' } as Post
    const placed = await placeCovers(post, site(source))
    expect('problems' in placed && placed.problems.map((problem) => `${problem.code} ${formatLocation(problem.location!)} ${problem.message}`)).toEqual([
      'POST_INVALID posts/p.md:5:12 Cover image https://img.example,connect-src/d.png: its host "img.example,connect-src" is not one a Content-Security-Policy can name (letters, digits and hyphens, in labels between dots)',
    ])
  })
})
