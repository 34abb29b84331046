import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliEnv, repoRoot } from '../support/buildSite.ts'
import { makeScreenshot } from '../support/screenshot.mjs'

// The site for AI agents as a build writes it: /llms.txt, and beside each published post's page
// its markdown twin, made from the post's file, its images at the URLs the page shows them at.
// A small site of its own: a folder post with a screenshot beside it, a post with a pasted image,
// a plain one, and a draft.

function build(site: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(repoRoot, 'cli/bin.js'), 'build', '--config', join(repoRoot, 'site.config.ts'), ...args], { cwd: site, env: cliEnv({ NO_COLOR: '1' }), maxBuffer: 64 << 20 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

const post = (title: string, date: string, body: string, extra = '') =>
  `---\ntitle: "${title}"\nexcerpt: "About ${title.toLowerCase()}."\nauthor: "Maya Chen"\ndate: ${date}\ntags: [agents, rbac]\n${extra}---\n\n${body}\n`

let site: string
let out: string
let pasted: string

beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), 'kube-site-twins-'))
  mkdirSync(join(site, 'posts', 'summary-panel'), { recursive: true })
  writeFileSync(join(site, 'posts', 'summary-panel', 'shot.png'), await makeScreenshot({ width: 600, height: 400, seed: 7 }))
  writeFileSync(
    join(site, 'posts', 'summary-panel', 'index.md'),
    post('The summary panel', '2025-03-03', 'The panel, [as priced](/pricing/):\n\n![The summary panel](./shot.png)\n\n`![not an image](./shot.png)`', 'updated: 2025-03-10\n'),
  )
  pasted = (await makeScreenshot({ width: 480, height: 300, seed: 8 })).toString('base64')
  writeFileSync(join(site, 'posts', 'pasted.md'), post('Pasted [in] <b>bold</b>', '2025-02-02', `Pasted:\n\n![A pasted panel](data:image/png;base64,${pasted})`))
  writeFileSync(join(site, 'posts', 'plain.md'), post('Plain', '2025-01-01', 'Just text, and [the panel](../summary-panel/).'))
  writeFileSync(join(site, 'posts', 'unfinished.md'), post('Unfinished', '2025-04-04', 'Not yet.', 'draft: true\n'))
  out = join(site, 'dist')
  const first = await build(site, '--out', out)
  expect(first.stderr).toBe('')
  expect(first.code).toBe(0)
}, 300_000)

afterAll(() => rmSync(site, { recursive: true, force: true }))

const read = (path: string) => readFileSync(join(out, path), 'utf8')
/** The src of the <img> of the page's first <picture>: the one URL a picture has where only one fits. */
const pictureSrc = (page: string) => /<picture>.*?<img src="([^"]+)"/.exec(read(page))![1]!

describe('the site for AI agents', () => {
  it("llms.txt lists every published post, newest first, by its markdown twin with its excerpt; never the draft", () => {
    const blog = /## Blog\n\n([\s\S]*?)\n\n/.exec(read('llms.txt'))?.[1]
    expect(blog).toBe(
      [
        '- [The summary panel](https://kubeguard.dev/blog/summary-panel/index.md): About the summary panel.',
        '- [Pasted \\[in\\] \\<b>bold\\</b>](https://kubeguard.dev/blog/pasted/index.md): About pasted \\[in\\] \\<b>bold\\</b>.',
        '- [Plain](https://kubeguard.dev/blog/plain/index.md): About plain.',
      ].join('\n'),
    )
    expect(read('llms.txt')).not.toContain('nfinished')
  })

  it('a twin is the post as written, under a header, its image where the page shows it; a draft has none', () => {
    const shot = pictureSrc('blog/summary-panel/index.html')
    expect(shot).toMatch(/^\/assets\/images\/[0-9a-f]{20}\.jpg$/)
    expect(existsSync(join(out, shot))).toBe(true)
    expect(read('blog/summary-panel/index.md')).toBe(
      [
        '# The summary panel',
        '',
        'By Maya Chen · 2025-03-03 · updated 2025-03-10 · Tags: agents, rbac · <https://kubeguard.dev/blog/summary-panel/>',
        '',
        'The panel, [as priced](/pricing/):',
        '',
        `![The summary panel](${shot})`,
        '',
        '`![not an image](./shot.png)`',
        '',
      ].join('\n'),
    )
    expect(read('blog/plain/index.md')).toContain('\n\nJust text, and [the panel](../summary-panel/).\n')
    expect(existsSync(join(out, 'blog/unfinished'))).toBe(false)
    // The page says where its markdown is.
    expect(read('blog/plain/index.html')).toContain('<link rel="alternate" type="text/markdown" href="https://kubeguard.dev/blog/plain/index.md"/>')
  })

  it("a pasted image is the file the page shows, not the post's data: URL", () => {
    const src = pictureSrc('blog/pasted/index.html')
    expect(read('blog/pasted/index.md')).toBe(
      `# Pasted \\[in\\] \\<b>bold\\</b>\n\nBy Maya Chen · 2025-02-02 · Tags: agents, rbac · <https://kubeguard.dev/blog/pasted/>\n\nPasted:\n\n![A pasted panel](${src})\n`,
    )
    expect(existsSync(join(out, src))).toBe(true)
  })

  it('a build that shows drafts gives the draft a page but no twin, nor a link to one', async () => {
    const drafts = join(site, 'dist-drafts')
    const result = await build(site, '--out', drafts, '--drafts')
    expect(result.code, result.stderr).toBe(0)
    expect(existsSync(join(drafts, 'blog/unfinished/index.html'))).toBe(true)
    expect(existsSync(join(drafts, 'blog/unfinished/index.md'))).toBe(false)
    expect(readFileSync(join(drafts, 'blog/unfinished/index.html'), 'utf8')).not.toContain('text/markdown')
    expect(readFileSync(join(drafts, 'llms.txt'), 'utf8')).toBe(read('llms.txt'))
    rmSync(drafts, { recursive: true, force: true })
  }, 180_000)

  it("a rebuild in place: an edited post gets a new twin, a page taken over keeps its own, a deleted post's goes", async () => {
    const plainTwin = read('blog/plain/index.md')
    const file = join(site, 'posts', 'summary-panel', 'index.md')
    writeFileSync(file, readFileSync(file, 'utf8').replace('The panel, [as priced]', 'The edited panel, [as priced]'))
    const edited = await build(site, '--out', out)
    expect(edited.code, edited.stderr).toBe(0)
    // Only the edited post's page, its body alone changed: given its new body, nothing rendered (replaceBodies.ts).
    expect(edited.stdout).toMatch(/✓ prerender .* 0 pages rendered .*, \d+ unchanged reused, 1 with only a new body/)
    expect(read('blog/summary-panel/index.md')).toContain('\n\nThe edited panel, [as priced](/pricing/):\n')
    expect(read('blog/plain/index.md')).toBe(plainTwin)

    rmSync(join(site, 'posts', 'pasted.md'))
    const deleted = await build(site, '--out', out)
    expect(deleted.code, deleted.stderr).toBe(0)
    expect(deleted.stdout).toMatch(/✓ prerender .*, \d+ unchanged reused/)
    expect(existsSync(join(out, 'blog/pasted'))).toBe(false)
    expect(read('llms.txt')).not.toContain('/blog/pasted/')
    expect(read('blog/plain/index.md')).toBe(plainTwin)
  }, 180_000)
})
